import {
  listConditionOperators,
  numberConditionOperators,
  ruleCondition,
  ruleSentence,
  textConditionOperators,
  type KeywordRule,
  type RuleCondition,
  type RuleConditionField,
  type RuleMatchMode,
} from '@onvelope/contracts';
import { ruleInputOf, type RuleForm } from '../shared/forms.js';

/** The kind of value a field holds, which decides its operators and its input. */
export type ConditionKind = 'text' | 'number' | 'list';

export const conditionKindOf: Record<RuleConditionField, ConditionKind> = {
  buyerName: 'text',
  buyerEmail: 'text',
  country: 'list',
  courier: 'text',
  status: 'list',
  total: 'number',
  items: 'text',
};

/** The field choices of a condition row, in the order issue 38 item 7 lists them. */
export const conditionFieldLabels: Record<RuleConditionField, string> = {
  buyerName: 'Buyer name',
  buyerEmail: 'Buyer e-mail',
  country: 'Country',
  courier: 'Courier',
  status: 'Status',
  total: 'Total',
  items: 'Items',
};

export const operatorsOfKind: Record<ConditionKind, readonly string[]> = {
  text: textConditionOperators,
  number: numberConditionOperators,
  list: listConditionOperators,
};

/** One row of the conditions builder, as typed: the total as text until it is saved. */
export interface ConditionRow {
  /** Stable across edits, so React keeps each row's inputs. */
  key: number;
  field: RuleConditionField;
  operator: string;
  value: string;
  values: string[];
}

export interface ConditionsForm {
  match: RuleMatchMode;
  rows: ConditionRow[];
}

export const emptyConditionsForm: ConditionsForm = { match: 'all', rows: [] };

/** The rule editor's values: spec 000 §5's rule form and its conditions (issue 38 item 7). */
export interface RuleEditorForm extends RuleForm {
  conditions: ConditionsForm;
}

let nextKey = 1;

/** A new row for a field, with that field's first operator and no value. */
export function newConditionRow(field: RuleConditionField = 'country'): ConditionRow {
  return {
    key: nextKey++,
    field,
    operator: operatorsOfKind[conditionKindOf[field]][0]!,
    value: '',
    values: [],
  };
}

/** A row changed to another field keeps its value only where the kind of value is the same. */
export function withField(row: ConditionRow, field: RuleConditionField): ConditionRow {
  if (
    conditionKindOf[field] === conditionKindOf[row.field] &&
    field !== 'country' &&
    field !== 'status'
  ) {
    return { ...row, field };
  }
  return { ...newConditionRow(field), key: row.key };
}

/** The builder's rows of a saved rule. */
export function conditionsFormOf(rule: Pick<KeywordRule, 'conditions' | 'match'>): ConditionsForm {
  return {
    match: rule.match ?? 'all',
    rows: (rule.conditions ?? []).map((condition) => ({
      ...newConditionRow(condition.field),
      operator: condition.operator,
      value: 'value' in condition ? String(condition.value) : '',
      values: 'values' in condition ? [...condition.values] : [],
    })),
  };
}

/** The total as typed; NaN (which the contract refuses) while it is blank or not a number. */
function totalOf(text: string): number {
  const trimmed = text.trim();
  return trimmed ? Number(trimmed) : Number.NaN;
}

/** The condition a row says, complete or not: the contract's `ruleCondition` decides. */
function conditionBodyOf(row: ConditionRow): RuleCondition {
  switch (row.field) {
    case 'total':
      return { field: 'total', operator: row.operator as 'eq', value: totalOf(row.value) };
    case 'country':
    case 'status':
      return { field: row.field, operator: row.operator, values: row.values } as RuleCondition;
    default:
      return { field: row.field, operator: row.operator as 'contains', value: row.value };
  }
}

/** The condition a row says, or null while the contract refuses it (no value yet). */
export function conditionOf(row: ConditionRow): RuleCondition | null {
  const checked = ruleCondition.safeParse(conditionBodyOf(row));
  return checked.success ? checked.data : null;
}

/**
 * The request body of the editor (create, update and preview take the same): every condition row
 * as typed, so the contract's `keywordRuleInput` names an incomplete one (`conditions.1.value`).
 */
export function ruleBodyOf(form: RuleEditorForm) {
  return {
    ...ruleInputOf(form),
    match: form.conditions.match,
    conditions: form.conditions.rows.map(conditionBodyOf),
  };
}

/**
 * The one problem the editor shows of the contract's refusal: spec 000 §5's keyword, then the
 * message, then the conditions in their order (a rule with conditions needs no keyword).
 */
export function firstProblemOf(
  errors: Partial<Record<string, string>>,
): { at: string; message: string } | null {
  const at =
    ['keyword', 'customMessage'].find((name) => errors[name]) ??
    Object.keys(errors).find((name) => errors[name]);
  return at ? { at, message: errors[at] ?? '' } : null;
}

/**
 * "Applies to orders where …" as the seller types: the keyword and the complete conditions; null
 * while there is neither.
 */
export function appliesToText(form: RuleEditorForm): string | null {
  const { conditions } = form;
  const complete = conditions.rows
    .map(conditionOf)
    .filter((condition): condition is RuleCondition => condition !== null);
  const clause = ruleSentence({ ...form, match: conditions.match, conditions: complete });
  return clause ? `Applies to orders where ${clause}` : null;
}

/** How the list and the notices name a rule: its keyword, else what its conditions test. */
export function ruleTitle(rule: KeywordRule): string {
  return rule.keyword || ruleSentence(rule);
}
