import {
  listConditionOperators,
  numberConditionOperators,
  ruleConditionMessages,
  ruleSentence,
  textConditionOperators,
  type KeywordRule,
  type RuleCondition,
  type RuleConditionField,
  type RuleMatchMode,
} from '@onvelope/contracts';
import { ruleFormProblem, type RuleForm } from '../shared/forms.js';
import { workspaceMessages } from '../shared/workspace-messages.js';

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

/** The total as a number, or null while it is not one ('', 'abc'). */
function totalOf(text: string): number | null {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return trimmed && Number.isFinite(value) ? value : null;
}

/** The condition a row says, or null while it is incomplete (no value yet). */
export function conditionOf(row: ConditionRow): RuleCondition | null {
  switch (row.field) {
    case 'total': {
      const value = totalOf(row.value);
      return value === null ? null : { field: 'total', operator: row.operator as 'eq', value };
    }
    case 'country':
    case 'status':
      return row.values.length
        ? ({ field: row.field, operator: row.operator, values: row.values } as RuleCondition)
        : null;
    default:
      return row.value.trim()
        ? { field: row.field, operator: row.operator as 'contains', value: row.value.trim() }
        : null;
  }
}

/** The first incomplete row's problem, in the words the service would answer with. */
function rowProblem(row: ConditionRow): string | null {
  if (conditionOf(row)) return null;
  if (row.field === 'total') return ruleConditionMessages.numberRequired;
  if (row.field === 'country') return ruleConditionMessages.countryRequired;
  if (row.field === 'status') return ruleConditionMessages.statusRequired;
  return ruleConditionMessages.valueRequired;
}

/**
 * The form's first problem: spec 000 §5's keyword and message checks, except that a rule with
 * conditions needs no keyword (issue 38 item 7), then each condition's value.
 */
export function ruleEditorProblem(form: RuleForm, conditions: ConditionsForm): string | null {
  const problem = ruleFormProblem(form);
  if (problem !== workspaceMessages.keywordRequired || conditions.rows.length === 0) {
    return problem ?? conditions.rows.map(rowProblem).find(Boolean) ?? null;
  }
  if (form.action === 'add_message' && !form.customMessage.trim()) {
    return workspaceMessages.customMessageRequired;
  }
  return conditions.rows.map(rowProblem).find(Boolean) ?? null;
}

/** The conditions part of a rule's request body. */
export function conditionsInputOf(conditions: ConditionsForm) {
  return {
    match: conditions.match,
    conditions: conditions.rows
      .map(conditionOf)
      .filter((condition): condition is RuleCondition => condition !== null),
  };
}

/**
 * "Applies to orders where …" as the seller types: the keyword and the complete conditions; null
 * while there is neither.
 */
export function appliesToText(form: RuleForm, conditions: ConditionsForm): string | null {
  const clause = ruleSentence({ ...form, ...conditionsInputOf(conditions) });
  return clause ? `Applies to orders where ${clause}` : null;
}

/** How the list and the notices name a rule: its keyword, else what its conditions test. */
export function ruleTitle(rule: KeywordRule): string {
  return rule.keyword || ruleSentence(rule);
}
