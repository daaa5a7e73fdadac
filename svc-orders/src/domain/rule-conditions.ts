import {
  countryName,
  ruleFieldLabels,
  type ListRuleCondition,
  type RuleCondition,
  type TextRuleCondition,
  type TotalRuleCondition,
} from '@onvelope/contracts';
import { countryCodeOf } from './countries.js';

/**
 * What of an order a rule may test. A field that is absent has no value: text conditions see it
 * as empty (so only "does not contain" holds), a total condition never holds, and "is not one of"
 * holds for a country or status the order does not have.
 */
export interface RuleSubject {
  /** The Items text rules match (`itemsTextOf`). */
  items?: string | null;
  buyerName?: string | null;
  email?: string | null;
  /** As stored: a two-letter code or a country's name. */
  country?: string | null;
  courier?: string | null;
  status?: string | null;
  /** `orderTotal` as the source gave it, in the order's own currency. */
  total?: number | null;
}

/** What of a stored order (or an order about to be stored) the rules read. */
export interface RuleSubjectFields {
  items?: string | null;
  productName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  customerName?: string | null;
  email?: string | null;
  shippingCountry?: string | null;
  courier?: string | null;
  status?: string | null;
  orderTotal?: number | null;
}

/**
 * The text rules match for an order: its Items, or its product name when the source gave no Items
 * (single-product rows of a CSV file).
 */
export function itemsTextOf(entry: {
  items?: string | null;
  productName?: string | null;
}): string | null {
  return entry.items?.trim() || entry.productName?.trim() || null;
}

/**
 * An order as the rules see it: its Items (else its product name), its buyer's name (the stored
 * customer name, else first and last name) and the fields conditions test.
 *
 * @example
 * evaluateKeywordRules(rules, ruleSubjectOf(entry), now)
 */
export function ruleSubjectOf(entry: RuleSubjectFields): RuleSubject {
  const buyerName =
    entry.customerName?.trim() ||
    [entry.firstName, entry.lastName]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' ') ||
    null;
  return {
    items: itemsTextOf(entry),
    buyerName,
    email: entry.email ?? null,
    country: entry.shippingCountry ?? null,
    courier: entry.courier ?? null,
    status: entry.status ?? null,
    total: typeof entry.orderTotal === 'number' ? entry.orderTotal : null,
  };
}

const fold = (text: string) => text.trim().toLowerCase();

/** How each text operator compares one candidate text with the condition's value (any case). */
const textTests: Record<
  TextRuleCondition['operator'],
  (candidate: string, value: string) => boolean
> = {
  contains: (candidate, value) => fold(candidate).includes(value),
  is: (candidate, value) => fold(candidate) === value,
  starts_with: (candidate, value) => fold(candidate).startsWith(value),
  does_not_contain: (candidate, value) => !fold(candidate).includes(value),
};

const numberTests: Record<
  TotalRuleCondition['operator'],
  (total: number, value: number) => boolean
> = {
  eq: (total, value) => total === value,
  lt: (total, value) => total < value,
  lte: (total, value) => total <= value,
  gt: (total, value) => total > value,
  gte: (total, value) => total >= value,
};

function textFieldOf(condition: TextRuleCondition, subject: RuleSubject): string | null {
  switch (condition.field) {
    case 'buyerName':
      return subject.buyerName ?? null;
    case 'buyerEmail':
      return subject.email ?? null;
    case 'courier':
      return subject.courier ?? null;
    case 'items':
      return subject.items ?? null;
  }
}

/**
 * The Items candidates a condition on items looks at: each item name and the whole text, as a
 * keyword does (`matchedText`). "Does not contain" looks at the whole text: no item contains it.
 */
function textReason(
  condition: TextRuleCondition,
  subject: RuleSubject,
  itemNamesOf: (items: string) => string[],
): string | null {
  const text = textFieldOf(condition, subject)?.trim() ?? '';
  const value = fold(condition.value);
  const test = textTests[condition.operator];
  if (condition.operator === 'does_not_contain') {
    if (!test(text, value)) return null;
    return condition.field === 'items'
      ? `no '${condition.value}' in Items`
      : `${ruleFieldLabels[condition.field]} without '${condition.value}'`;
  }
  if (condition.field === 'items') {
    const found = text ? [...itemNamesOf(text), text].find((name) => test(name, value)) : undefined;
    return found === undefined ? null : `'${found}' in Items`;
  }
  return text && test(text, value) ? `${ruleFieldLabels[condition.field]} '${text}'` : null;
}

function listReason(condition: ListRuleCondition, subject: RuleSubject): string | null {
  const stored = condition.field === 'country' ? subject.country : subject.status;
  // A country is compared by its code, whether stored as 'US', 'us' or 'United States'.
  const value =
    condition.field === 'country'
      ? stored
        ? countryCodeOf(stored)
        : null
      : (stored?.trim() ?? null);
  const listed = value !== null && (condition.values as readonly string[]).includes(value);
  if (listed !== (condition.operator === 'is_one_of')) return null;
  if (!stored?.trim()) return `no ${condition.field}`;
  return `${condition.field} ${condition.field === 'country' ? countryName(stored) : stored.trim()}`;
}

/**
 * Whether one condition holds for an order, and if so why, in words for the rule's explanation
 * ("country United States", "total 72", "'Gift wrap' in Items"); null when it does not hold.
 * `itemNamesOf` splits an Items text into item names (keyword-rules.ts owns that reading).
 */
export function conditionReason(
  condition: RuleCondition,
  subject: RuleSubject,
  itemNamesOf: (items: string) => string[],
): string | null {
  switch (condition.field) {
    case 'total': {
      const total = subject.total;
      if (typeof total !== 'number' || !numberTests[condition.operator](total, condition.value)) {
        return null;
      }
      return `total ${total}`;
    }
    case 'country':
    case 'status':
      return listReason(condition, subject);
    default:
      return textReason(condition, subject, itemNamesOf);
  }
}
