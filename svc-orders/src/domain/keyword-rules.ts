import {
  defaultRuleMessages,
  ruleSentence,
  type keywordMatchTypes,
  type keywordRuleActions,
  type RuleCondition,
  type RuleMatchMode,
} from '@onvelope/contracts';
import { conditionReason, type RuleSubject } from './rule-conditions.js';
import { escapeRegExp } from './text-pattern.js';

export { itemsTextOf, ruleSubjectOf, type RuleSubject } from './rule-conditions.js';

export type KeywordRuleAction = (typeof keywordRuleActions)[number];
export type KeywordMatchType = (typeof keywordMatchTypes)[number];

/** What the evaluator needs of a rule: a stored rule, or one not saved yet (preview). */
export interface KeywordRuleLike {
  id: string;
  keyword: string;
  action: KeywordRuleAction;
  customMessage?: string | null;
  matchType?: KeywordMatchType;
  caseSensitive?: boolean;
  /** Tests on other fields of the order, combined with the keyword (when it has one) by `match`. */
  conditions?: readonly RuleCondition[];
  match?: RuleMatchMode;
}

export interface AppliedRule {
  id: string;
  /** The rule's keyword, or for a rule of conditions alone its sentence (`ruleLabel`). */
  keyword: string;
  action: KeywordRuleAction;
  explanation: string;
}

export interface KeywordRulesOutcome {
  /** The keyword message of the order: every matching rule's message, in rule order. */
  message: string | null;
  /** The status the rules set, or null when no matching rule sets one. */
  status: string | null;
  /** The shipped date the rules set (`now` when a mark_as_shipped rule decides the status). */
  date: Date | null;
  /** Which rules set the message or the status, and why. */
  explanation: string | null;
  /** Every rule that matched, in rule order, including those whose status lost. */
  appliedRules: AppliedRule[];
}

/** The status each action sets; add_message leaves the status alone. */
export const statusOfAction: Record<KeywordRuleAction, string | null> = {
  add_message: null,
  mark_as_shipped: 'shipped',
  awaiting_stock: 'pending',
  working_through_orders: 'processing',
};

/** Said to the buyer when a status rule has no custom message of its own (contracts). */
export const defaultMessageOfAction: Record<KeywordRuleAction, string | null> = defaultRuleMessages;

// An order is only as far along as its least ready item: a pre-order item (awaiting stock) keeps
// the order pending even when another item's rule would mark it shipped. Lower wins.
const statusPrecedence: Record<string, number> = { pending: 0, processing: 1, shipped: 2 };

export const MESSAGE_SEPARATOR = ' | ';

const PRODUCT_NAME_MARKER = /product_name:/i;
/** "2 x Tote Bag (Blue)": a line of the Items text written from an order's lines. */
const COUNTED_LINE = /^\d+(?:\.\d+)?\s*[x×]\s+(.+)$/i;
const OPTION_SUFFIX = /^(.+?)\s+\([^()]*\)$/;

/** The names an Items text lists, before trimming and de-duplication. */
function rawNamesOf(items: string): string[] {
  if (PRODUCT_NAME_MARKER.test(items)) {
    return items
      .split(/product_name:/i)
      .slice(1)
      .map((part) => part.split(/[|;\n\r]/)[0] ?? '');
  }
  // The form a store-front sync or a store export writes (`itemsTextOfLines`): a comma belongs to
  // the name, and a line with its variant also answers to the product's own name.
  const lines = items.split(/[;\n\r]/).filter((part) => part.trim());
  const counted = lines.map((part) => COUNTED_LINE.exec(part.trim())?.[1]);
  if (counted.length && counted.every(Boolean)) {
    return counted.flatMap((name) => [name!, OPTION_SUFFIX.exec(name!.trim())?.[1] ?? '']);
  }
  return items.split(/[|;,\n\r]/);
}

/**
 * The item names in an order's Items text. Store-front exports write items as
 * `product_name:Tee|quantity:1;product_name:Mug|...` (spec 000 §3, the 'product_name:' marker); a
 * sync or a recognised store export writes "2 x Tote Bag (Blue); 1 x Tea, Earl Grey" (names
 * 'Tote Bag (Blue)', 'Tote Bag' and 'Tea, Earl Grey'); CSV files written by hand list them on lines
 * or separated by `;`, `|` or commas.
 */
export function itemNamesOf(items: string | null | undefined): string[] {
  if (!items) return [];
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of rawNamesOf(items)) {
    const name = raw.trim();
    if (name && !seen.has(name)) {
      seen.add(name);
      result.push(name);
    }
  }
  return result;
}

function matcherOf(rule: KeywordRuleLike): ((candidate: string) => boolean) | null {
  const caseSensitive = rule.caseSensitive ?? false;
  const fold = (text: string) => (caseSensitive ? text : text.toLowerCase());
  const keyword = fold(rule.keyword.trim());
  if (!keyword) return null;
  switch (rule.matchType ?? 'contains') {
    case 'contains':
      return (candidate) => fold(candidate).includes(keyword);
    case 'exact':
      return (candidate) => fold(candidate.trim()) === keyword;
    case 'starts_with':
      return (candidate) => fold(candidate.trim()).startsWith(keyword);
    case 'whole_word': {
      // Letters and digits of any script count as word characters, so 'tee' does not match 'teeth'.
      const pattern = new RegExp(
        `(?<![\\p{L}\\p{N}_])${escapeRegExp(rule.keyword.trim())}(?![\\p{L}\\p{N}_])`,
        caseSensitive ? 'u' : 'iu',
      );
      return (candidate) => pattern.test(candidate);
    }
  }
}

/**
 * The text of the order that a rule matched: the first item name that matches, else the whole
 * Items text (so a keyword spanning two items, or an exact match of the whole text, still counts).
 */
export function matchedText(rule: KeywordRuleLike, items: string | null): string | null {
  if (!items) return null;
  const matches = matcherOf(rule);
  if (!matches) return null;
  const candidates = [...itemNamesOf(items), items.trim()];
  return candidates.find((candidate) => matches(candidate)) ?? null;
}

/** How a rule is named to the seller: its keyword, else (conditions alone) what it tests. */
export function ruleLabel(rule: KeywordRuleLike): string {
  return (
    rule.keyword.trim() ||
    ruleSentence({
      keyword: '',
      matchType: rule.matchType ?? 'contains',
      caseSensitive: rule.caseSensitive ?? false,
      conditions: rule.conditions ?? [],
      match: rule.match ?? 'all',
    })
  );
}

/** "rule 'gift' matched 'Gift wrap' in Items, country United States": why a rule applies. */
export function explainRule(rule: KeywordRuleLike, reasons: readonly string[]): string {
  return `rule '${ruleLabel(rule)}' matched ${reasons.join(', ')}`;
}

/**
 * Why a rule applies to an order (one reason per test that held, the keyword's first), or null
 * when it does not: every test must hold (match all, the default) or one (match any). A rule
 * with neither keyword nor conditions applies to nothing.
 */
export function ruleReasons(rule: KeywordRuleLike, subject: RuleSubject): string[] | null {
  const outcomes: (string | null)[] = (rule.conditions ?? []).map((condition) =>
    conditionReason(condition, subject, itemNamesOf),
  );
  if (rule.keyword.trim()) {
    const text = matchedText(rule, subject.items ?? null);
    outcomes.unshift(text === null ? null : `'${text}' in Items`);
  }
  const held = outcomes.filter((reason): reason is string => reason !== null);
  const applies = rule.match === 'any' ? held.length > 0 : held.length === outcomes.length;
  return outcomes.length > 0 && applies ? held : null;
}

/**
 * Applies a seller's keyword rules to an order (`ruleSubjectOf`), or to an Items text alone (an
 * order whose other fields are unknown: the shape callers used before rules had conditions).
 * Pure: the caller passes the rules in creation order and the time to stamp a shipped date with.
 *
 * - Messages: each matching rule adds its custom message (or its action's default message),
 *   in rule order, without repeats, joined by ' | '.
 * - Status: the least advanced status among the matching rules wins (pending, then processing,
 *   then shipped); ties go to the earlier rule.
 * - Date: `now` when mark_as_shipped decides the status (it becomes the order's shippedAt).
 *
 * @example
 * evaluateKeywordRules([{ id: 'r1', keyword: 'gift', action: 'add_message', customMessage: 'Gift wrapped' }], 'Gift wrap', now)
 * // { message: 'Gift wrapped', status: null, date: null, explanation: "rule 'gift' matched 'Gift wrap' in Items", ... }
 */
export function evaluateKeywordRules(
  rules: readonly KeywordRuleLike[],
  order: RuleSubject | string | null,
  now: Date,
): KeywordRulesOutcome {
  const subject: RuleSubject =
    typeof order === 'object' && order !== null ? order : { items: order };
  const appliedRules: AppliedRule[] = [];
  const messages: string[] = [];
  const contributors = new Set<AppliedRule>();
  let statusRule: AppliedRule | null = null;
  let status: string | null = null;

  for (const rule of rules) {
    const reasons = ruleReasons(rule, subject);
    if (reasons === null) continue;
    const applied: AppliedRule = {
      id: rule.id,
      keyword: ruleLabel(rule),
      action: rule.action,
      explanation: explainRule(rule, reasons),
    };
    appliedRules.push(applied);

    const message = rule.customMessage?.trim() || defaultRuleMessages[rule.action];
    if (message && !messages.includes(message)) {
      messages.push(message);
      contributors.add(applied);
    }
    const ruleStatus = statusOfAction[rule.action];
    if (
      ruleStatus &&
      (status === null || (statusPrecedence[ruleStatus] ?? 0) < (statusPrecedence[status] ?? 0))
    ) {
      status = ruleStatus;
      statusRule = applied;
    }
  }
  if (statusRule) contributors.add(statusRule);

  const explanation = appliedRules
    .filter((applied) => contributors.has(applied))
    .map((applied) =>
      applied === statusRule ? `${applied.explanation} (status ${status})` : applied.explanation,
    )
    .join('; ');

  return {
    message: messages.length ? messages.join(MESSAGE_SEPARATOR) : null,
    status,
    date: status === 'shipped' ? now : null,
    explanation: explanation || null,
    appliedRules,
  };
}

/** What an order carries from the rules applied to it before. */
export interface RuleCarried {
  keywordMessage?: string | null;
  keywordExplanation?: string | null;
}

/**
 * Some rules' outcome laid over what an order carries from the others (one rule applied to chosen
 * orders, issue 38 item 5): the order's message keeps its parts and gains each new one at the end,
 * without repeats; its explanation gains the new one unless it says it already. The status, date
 * and matching rules are the outcome's own. Applying the same rule again changes nothing.
 *
 * @example
 * layerRuleOutcome({ keywordMessage: 'Gift wrapped' }, evaluateKeywordRules([preOrder], order, now))
 * // { message: 'Gift wrapped | Ships in March', … }
 */
export function layerRuleOutcome(
  carried: RuleCarried,
  outcome: KeywordRulesOutcome,
): KeywordRulesOutcome {
  const messages = carried.keywordMessage ? carried.keywordMessage.split(MESSAGE_SEPARATOR) : [];
  for (const message of outcome.message?.split(MESSAGE_SEPARATOR) ?? []) {
    if (!messages.includes(message)) messages.push(message);
  }
  const explanations = [carried.keywordExplanation, outcome.explanation].filter(
    (text): text is string => !!text,
  );
  const explanation =
    outcome.explanation && carried.keywordExplanation?.includes(outcome.explanation)
      ? carried.keywordExplanation
      : explanations.join('; ');
  return {
    ...outcome,
    message: messages.length ? messages.join(MESSAGE_SEPARATOR) : null,
    explanation: explanation || null,
  };
}
