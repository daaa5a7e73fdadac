import { z } from 'zod';
import { countryName, countryNames } from '../countries.js';
import { longerThan, textField } from '../text.js';
import { trackingEntryStatuses } from './events.js';

/**
 * Rule conditions (issue 38 item 7): besides its keyword on the Items, a keyword rule may test any
 * of these fields of an order, all of them or any one (`match`).
 */
export const ruleTextFields = ['buyerName', 'buyerEmail', 'courier', 'items'] as const;
export const ruleListFields = ['country', 'status'] as const;
export const ruleConditionFields = [
  'buyerName',
  'buyerEmail',
  'country',
  'courier',
  'status',
  'total',
  'items',
] as const;
export type RuleConditionField = (typeof ruleConditionFields)[number];

export const textConditionOperators = [
  'contains',
  'is',
  'starts_with',
  'does_not_contain',
] as const;
export const numberConditionOperators = ['eq', 'lt', 'lte', 'gt', 'gte'] as const;
export const listConditionOperators = ['is_one_of', 'is_not_one_of'] as const;
export const ruleMatchModes = ['all', 'any'] as const;
export type RuleMatchMode = (typeof ruleMatchModes)[number];

/** Every condition is checked against every order an import brings in; this bounds the cost. */
export const MAX_RULE_CONDITIONS = 10;

// In the words of spec 000 §5's rule form ('Please enter a keyword').
export const ruleConditionMessages = {
  valueRequired: 'Please enter a value for each condition',
  numberRequired: 'Please enter a number for the total',
  countryRequired: 'Please choose at least one country',
  unknownCountry: 'Please choose countries from the list',
  statusRequired: 'Please choose at least one status',
  tooMany: `A rule can have at most ${MAX_RULE_CONDITIONS} conditions`,
} as const;

const textCondition = z.object({
  field: z.enum(ruleTextFields),
  operator: z.enum(textConditionOperators),
  value: textField({ error: ruleConditionMessages.valueRequired })
    .min(1, ruleConditionMessages.valueRequired)
    .max(200, longerThan('A condition’s value', 200)),
});

/** The order's total as stored, in the order's own currency: no conversion. */
const totalCondition = z.object({
  field: z.literal('total'),
  operator: z.enum(numberConditionOperators),
  value: z.number({ error: ruleConditionMessages.numberRequired }),
});

const countryCondition = z.object({
  field: z.literal('country'),
  operator: z.enum(listConditionOperators),
  // Two-letter codes, as the order's shipping country is compared by its code.
  values: z
    .array(
      z
        .string({ error: ruleConditionMessages.unknownCountry })
        .trim()
        .toUpperCase()
        .refine((code) => Object.hasOwn(countryNames, code), ruleConditionMessages.unknownCountry),
    )
    .min(1, ruleConditionMessages.countryRequired)
    .max(300),
});

const statusCondition = z.object({
  field: z.literal('status'),
  operator: z.enum(listConditionOperators),
  values: z
    .array(z.enum(trackingEntryStatuses, { error: ruleConditionMessages.statusRequired }))
    .min(1, ruleConditionMessages.statusRequired)
    .max(trackingEntryStatuses.length),
});

/** One condition of a rule: a field of the order, how it is compared, and with what. */
export const ruleCondition = z.discriminatedUnion('field', [
  textCondition,
  totalCondition,
  countryCondition,
  statusCondition,
]);
export type RuleCondition = z.infer<typeof ruleCondition>;
export type TextRuleCondition = z.infer<typeof textCondition>;
export type TotalRuleCondition = z.infer<typeof totalCondition>;
export type ListRuleCondition = z.infer<typeof countryCondition> | z.infer<typeof statusCondition>;

export const ruleConditionList = z
  .array(ruleCondition)
  .max(MAX_RULE_CONDITIONS, ruleConditionMessages.tooMany);

/** How a seller reads each field and operator (the editor's choices and the rule's sentence). */
export const ruleFieldLabels: Record<RuleConditionField, string> = {
  buyerName: 'buyer name',
  buyerEmail: 'buyer e-mail',
  country: 'country',
  courier: 'courier',
  status: 'status',
  total: 'total',
  items: 'an item',
};
export const textOperatorLabels: Record<(typeof textConditionOperators)[number], string> = {
  contains: 'contains',
  is: 'is',
  starts_with: 'starts with',
  does_not_contain: 'does not contain',
};
export const numberOperatorLabels: Record<(typeof numberConditionOperators)[number], string> = {
  eq: '=',
  lt: '<',
  lte: '≤',
  gt: '>',
  gte: '≥',
};
export const listOperatorLabels: Record<(typeof listConditionOperators)[number], string> = {
  is_one_of: 'is one of',
  is_not_one_of: 'is not one of',
};

const keywordMatchPhrases = {
  contains: 'contains',
  exact: 'is',
  starts_with: 'starts with',
  whole_word: 'has the word',
} as const;

const listValueText = (condition: ListRuleCondition, value: string) =>
  condition.field === 'country' ? countryName(value) : value.replace(/_/g, ' ');

/**
 * One condition as words: "country is United States", "total ≥ 50", "an item contains 'gift'".
 *
 * @example ruleConditionText({ field: 'total', operator: 'gte', value: 50 }) // 'total ≥ 50'
 */
export function ruleConditionText(condition: RuleCondition): string {
  switch (condition.field) {
    case 'total':
      return `total ${numberOperatorLabels[condition.operator]} ${condition.value}`;
    case 'country':
    case 'status': {
      const names = condition.values.map((value) => listValueText(condition, value));
      const negative = condition.operator === 'is_not_one_of';
      const verb =
        names.length === 1 ? (negative ? 'is not' : 'is') : listOperatorLabels[condition.operator];
      return `${condition.field} ${verb} ${names.join(', ')}`;
    }
    default:
      if (condition.field === 'items' && condition.operator === 'does_not_contain') {
        return `no item contains '${condition.value}'`;
      }
      return `${ruleFieldLabels[condition.field]} ${textOperatorLabels[condition.operator]} '${condition.value}'`;
  }
}

/** What of a rule its sentence reads (a saved rule or the editor's form). */
export interface RuleSentenceParts {
  keyword: string;
  matchType: keyof typeof keywordMatchPhrases;
  caseSensitive: boolean;
  conditions?: readonly RuleCondition[];
  match?: RuleMatchMode;
}

/**
 * When a rule applies, as one clause: its keyword (a test on the items) and its conditions, joined
 * by "and" (match all) or "or" (match any). The editor shows it after "Applies to orders where".
 *
 * @example
 * ruleSentence({ keyword: '', matchType: 'contains', caseSensitive: false, match: 'all',
 *   conditions: [{ field: 'country', operator: 'is_one_of', values: ['US'] },
 *                { field: 'total', operator: 'gte', value: 50 }] })
 * // 'country is United States and total ≥ 50'
 */
export function ruleSentence(rule: RuleSentenceParts): string {
  const keyword = rule.keyword.trim();
  const parts = [
    ...(keyword
      ? [
          `an item ${keywordMatchPhrases[rule.matchType]} '${keyword}'${rule.caseSensitive ? ' (case sensitive)' : ''}`,
        ]
      : []),
    ...(rule.conditions ?? []).map(ruleConditionText),
  ];
  return parts.join(rule.match === 'any' ? ' or ' : ' and ');
}
