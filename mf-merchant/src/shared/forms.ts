import type { keywordMatchTypes, keywordRuleActions } from '@onvelope/contracts';
import { workspaceMessages } from './workspace-messages.js';

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

/**
 * spec 000 §5: the keyword must not be blank ('Please enter a keyword'); add_message needs a message
 * ('Please enter a custom message'). Returns the first problem, or null.
 */
export function ruleFormProblem(form: RuleForm): string | null {
  if (!form.keyword.trim()) return workspaceMessages.keywordRequired;
  if (form.action === 'add_message' && !form.customMessage.trim()) {
    return workspaceMessages.customMessageRequired;
  }
  return null;
}

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

/** The mark-as-shipped dialog (spec 000 §3 "Tracking edit form"). */
export interface ShipForm {
  trackingNumber: string;
  courier: string;
  trackingUrl: string;
}

export type ShipFormErrors = Partial<Record<keyof ShipForm, string>>;

/**
 * spec 000 §5: tracking number and courier must not be blank; the tracking URL is optional but,
 * when given, must be a web address (the service refuses anything else with the same words).
 */
export function shipFormErrors(form: ShipForm): ShipFormErrors {
  const errors: ShipFormErrors = {};
  if (!form.trackingNumber.trim()) errors.trackingNumber = 'Tracking number is required';
  if (!form.courier.trim()) errors.courier = 'Courier is required';
  const url = form.trackingUrl.trim();
  if (url && !isWebAddress(url)) errors.trackingUrl = 'Tracking URL must be a URL';
  return errors;
}

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The ship request body: trimmed; an empty URL lets the service build one from the number. */
export function shipInputOf(form: ShipForm) {
  return {
    trackingNumber: form.trackingNumber.trim(),
    courier: form.courier.trim(),
    trackingUrl: form.trackingUrl.trim(),
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
