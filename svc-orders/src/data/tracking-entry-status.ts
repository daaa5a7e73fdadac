import {
  statusOfAction,
  type AppliedRule,
  type KeywordRulesOutcome,
} from '../domain/keyword-rules.js';

/** The keyword rule that set an order's status (shown in the order's "why"). */
export interface StatusRule {
  id: string;
  keyword: string;
}

/** What an order's status is now, as stored. */
export interface StoredStatus {
  status: string;
  shippedAt: Date | null;
  /** Set while the status is one a keyword rule chose, not the seller or a source. */
  statusRule: StatusRule | null;
}

/**
 * Where a write's statement comes from. `file`: an uploaded file, which describes the past (a
 * shipped row without a date stays without one). `storeFront`, `seller`, `rules`, `carrier` (the
 * tracking provider): live statements, so an order they make shipped without a date is shipped now.
 */
export type StatusSource = 'file' | 'storeFront' | 'seller' | 'rules' | 'carrier';

export interface StatusStatement {
  source: StatusSource;
  /** The status the source states, or null when it states none (a blank cell, a rules job). */
  status: string | null;
  /** The shipped date the source gives, if any. */
  shippedAt?: Date | null;
  /** The seller's keyword rules evaluated on the order, when they apply to this write. */
  rules?: Pick<KeywordRulesOutcome, 'status' | 'appliedRules'> | null;
  now: Date;
}

export interface NextStatus extends StoredStatus {
  /** The source's status when it was not applied because the order had moved past it. */
  notApplied: string | null;
}

const openStatuses = new Set(['pending', 'processing']);
/**
 * How far an order has gone. A source never moves an order back along this scale; cancelled and
 * statuses a seller's files invented are off the scale and may be set or left at any time.
 */
const progress: Record<string, number> = {
  pending: 0,
  processing: 0,
  partially_shipped: 1,
  shipped: 2,
  delivered: 3,
};

/** The status fields of a stored entry (a rule without an id is none). */
export const storedStatusOf = (entry: {
  status: string;
  shippedAt?: Date | null;
  statusRule?: { id?: string | null; keyword?: string | null } | null;
}): StoredStatus => ({
  status: entry.status,
  shippedAt: entry.shippedAt ?? null,
  statusRule: entry.statusRule?.id
    ? { id: entry.statusRule.id, keyword: entry.statusRule.keyword ?? '' }
    : null,
});

export const isOpenStatus = (status: string) => openStatuses.has(status);

/** The rule that decided the outcome's status: the first matching rule with that status. */
function statusRuleOf(rules: StatusStatement['rules']): AppliedRule | null {
  if (!rules?.status) return null;
  return rules.appliedRules.find((rule) => statusOfAction[rule.action] === rules.status) ?? null;
}

/**
 * The one rule for an order's status and shipped date, for every writer (import, store-front
 * sync, keyword rules, marking shipped):
 *
 * - The source's status applies unless it would move the order back (shipped → pending, delivered
 *   → shipped): then the stored status stays and `notApplied` says which was refused. A status a
 *   keyword rule set is not progress the seller made (a `mark_as_shipped` rule has no courier):
 *   any source may replace it.
 * - A keyword rule's status then applies to an open order (pending, processing), and is recorded
 *   as `statusRule`; a status from anywhere else clears it.
 * - `shippedAt`: the source's date when it gives one; else the stored date, unless a rule set it
 *   and the rule's shipped status is gone; else, when the order becomes shipped by a live source,
 *   now.
 *
 * @example
 * nextStatusOf({ status: 'pending', shippedAt: null, statusRule: null },
 *   { source: 'seller', status: 'shipped', now }) // { status: 'shipped', shippedAt: now, … }
 */
export function nextStatusOf(stored: StoredStatus | null, statement: StatusStatement): NextStatus {
  const ruleSet = stored?.statusRule ? stored : null;
  let status = statement.status ?? stored?.status ?? 'pending';
  let statusRule = statement.status === null ? (stored?.statusRule ?? null) : null;
  let notApplied: string | null = null;
  if (stored && !ruleSet && statement.status !== null) {
    const from = progress[stored.status];
    const to = progress[statement.status];
    if (from !== undefined && to !== undefined && to < from) {
      notApplied = statement.status;
      status = stored.status;
      statusRule = stored.statusRule;
    }
  }
  const rule = statusRuleOf(statement.rules);
  if (rule && statement.rules?.status && isOpenStatus(status)) {
    status = statement.rules.status;
    statusRule = { id: rule.id, keyword: rule.keyword };
  }

  const ruleDateGone = ruleSet?.status === 'shipped' && !(statusRule && status === 'shipped');
  const storedDate = ruleDateGone ? null : (stored?.shippedAt ?? null);
  const becameShipped = status === 'shipped' && (stored?.status !== 'shipped' || ruleDateGone);
  const shippedAt =
    statement.shippedAt ??
    storedDate ??
    (status === 'shipped' && (statement.source !== 'file' || statusRule) && becameShipped
      ? statement.now
      : null);
  return { status, shippedAt, statusRule, notApplied };
}
