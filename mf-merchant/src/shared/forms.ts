import type { keywordMatchTypes, keywordRuleActions } from '@onvelope/contracts';

export type KeywordRuleAction = (typeof keywordRuleActions)[number];
export type KeywordMatchType = (typeof keywordMatchTypes)[number];

/** spec 000 §4: the four rule actions, with what each does (svc-orders README). */
export const ruleActionLabels: Record<KeywordRuleAction, string> = {
  add_message: 'Add message',
  mark_as_shipped: 'Mark as shipped',
  awaiting_stock: 'Awaiting stock (status pending)',
  working_through_orders: 'Working through orders (status processing)',
};

export const matchTypeLabels: Record<KeywordMatchType, string> = {
  contains: 'Contains',
  exact: 'Exact match',
  starts_with: 'Starts with',
  whole_word: 'Whole word',
};

/** The rule create/edit form (spec 000 §3 keyword rule; matchType contains, caseSensitive false). */
export interface RuleForm {
  keyword: string;
  action: KeywordRuleAction;
  customMessage: string;
  matchType: KeywordMatchType;
  caseSensitive: boolean;
}

export const emptyRuleForm: RuleForm = {
  keyword: '',
  action: 'add_message',
  customMessage: '',
  matchType: 'contains',
  caseSensitive: false,
};

/** The request body of a rule form: trimmed, and an empty message as none (a status rule's default). */
export function ruleInputOf(form: RuleForm) {
  const customMessage = form.customMessage.trim();
  return {
    keyword: form.keyword.trim(),
    action: form.action,
    customMessage: customMessage || null,
    matchType: form.matchType,
    caseSensitive: form.caseSensitive,
  };
}

export type ClearAction = 'csv' | 'all' | 'storeFront';

/**
 * spec 000 §2 and §4: a clear action needs two clicks on the same action. The first click arms it;
 * a second on the same action executes; a click on another action arms that one instead.
 */
export function pressClear(
  armed: ClearAction | null,
  pressed: ClearAction,
): { armed: ClearAction | null; execute: boolean } {
  return armed === pressed ? { armed: null, execute: true } : { armed: pressed, execute: false };
}
