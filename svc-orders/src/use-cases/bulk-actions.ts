import { bulkMessages } from '@onvelope/contracts';
import { HttpError } from '@onvelope/service-kit/errors';
import {
  entriesWithOrderKeys,
  trackingEntryWrites,
  type EntryFields,
  type EntryWrite,
} from '../data/tracking-entry-writes.js';
import {
  orderKeyOf,
  trackingEntryModel,
  type TrackingEntryDocument,
} from '../data/tracking-entry.model.js';
import { resolveShipment } from '../domain/carriers.js';
import {
  ruleLabel,
  ruleReasons,
  ruleSubjectOf,
  type KeywordRuleLike,
} from '../domain/keyword-rules.js';
import { ruleChangesTo, settledStatuses } from './apply-keyword-rules.js';
import { orderMessages } from './change-order.js';
import { deleteEntries } from './clear-orders.js';
import { markOrderShipped, type MarkShippedDeps } from './mark-shipped.js';

export interface BulkOutcome {
  outcome: 'done' | 'skipped';
  reason: string | null;
}

/**
 * What a bulk action does to a batch of orders, through the use cases that change orders one by
 * one or delete them (history, events, live tracking, the store-front and notifications as when
 * the seller acts on one). `inFlight`: the job may have reached these orders before a restart, so
 * an order already as the action leaves it counts as done, not skipped. Answers each order's
 * outcome, in the batch's order.
 */
export type BulkBatchAction = (
  orderNumbers: readonly string[],
  inFlight: boolean,
) => Promise<BulkOutcome[]>;

/** Orders of a batch shipped at once: shipping waits on the store-front for some of them. */
const ORDERS_AT_ONCE = 8;

/** `fn` on every item, at most `limit` at a time; the results in the items' order. */
async function mapAtMost<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const done: BulkOutcome = { outcome: 'done', reason: null };
const skipped = (reason: string): BulkOutcome => ({ outcome: 'skipped', reason });

/**
 * The seller's refusal of one order (404, 409: 'Order 1001 is already shipped') skips it with the
 * use case's own words; anything else (the database gone) stops the job.
 */
async function refusedAsSkipped(
  act: () => Promise<unknown>,
  alreadyDone: (error: HttpError) => Promise<boolean>,
): Promise<BulkOutcome> {
  try {
    await act();
    return done;
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    return (await alreadyDone(error)) ? done : skipped(error.message);
  }
}

/** Ship each order with the courier and its own tracking number, as "Mark as shipped" does one. */
export function shipAction(
  deps: MarkShippedDeps,
  accountId: string,
  courier: string,
  trackingNumbers: ReadonlyMap<string, string>,
): BulkBatchAction {
  const entries = trackingEntryWrites(trackingEntryModel(deps.db), accountId);
  const shipOne = async (orderNumber: string, inFlight: boolean) => {
    const trackingNumber = trackingNumbers.get(orderNumber);
    if (!trackingNumber) return skipped(bulkMessages.noTracking(orderNumber));
    const wanted = resolveShipment({ courier, trackingNumber });
    return refusedAsSkipped(
      () => markOrderShipped(deps, accountId, orderNumber, { courier, trackingNumber }),
      async (error) => {
        if (!inFlight || error.status !== 409) return false;
        const current = await entries.scoped
          .findOne({ orderNumber })
          .select({ trackingNumber: 1, courier: 1 })
          .lean<Pick<TrackingEntryDocument, 'trackingNumber' | 'courier'>>();
        return (
          current?.trackingNumber === wanted.trackingNumber && current.courier === wanted.courier
        );
      },
    );
  };
  return (orderNumbers, inFlight) =>
    mapAtMost(orderNumbers, ORDERS_AT_ONCE, (orderNumber) => shipOne(orderNumber, inFlight));
}

/**
 * Delete the batch's orders as deleting orders does (clearing data, deleting one order): one
 * deletion for the batch, announced, so analytics and notifications forget them.
 */
export function deleteAction(
  deps: Pick<MarkShippedDeps, 'db'>,
  accountId: string,
): BulkBatchAction {
  const model = trackingEntryModel(deps.db);
  return async (orderNumbers, inFlight) => {
    const found = await entriesWithOrderKeys(
      model,
      accountId,
      orderNumbers.map((orderNumber) => orderKeyOf(accountId, orderNumber)),
    );
    if (found.length)
      await deleteEntries(model, accountId, { _id: { $in: found.map((e) => e._id) } });
    const deleted = new Set(found.map((entry) => entry.orderNumber));
    // Gone after a restart: this job deleted it before it could say so.
    return orderNumbers.map((orderNumber) =>
      deleted.has(orderNumber) || inFlight ? done : skipped(orderMessages.notFound(orderNumber)),
    );
  };
}

/** What applying one rule does to an order: the fields it changes, or why the order is skipped. */
export type RuleDecision =
  { set: EntryFields } | { unchanged: true; matches: boolean } | { skip: string };

/**
 * One rule on one of the seller's orders, as the rules apply job decides (`ruleChangesTo`, laid
 * over what the other rules gave it): settled orders (shipped, delivered, cancelled) are left
 * alone, as that job leaves them.
 */
export function ruleDecisionOn(
  entry: TrackingEntryDocument,
  rule: KeywordRuleLike,
  now: Date,
): RuleDecision {
  if ((settledStatuses as readonly string[]).includes(entry.status)) {
    return { skip: bulkMessages.ruleSettled(entry.orderNumber, entry.status) };
  }
  const set = ruleChangesTo(entry, [rule], now, { layered: true });
  if (set) return { set };
  return { unchanged: true, matches: ruleReasons(rule, ruleSubjectOf(entry)) !== null };
}

/**
 * Apply one keyword rule to each order (`ruleDecisionOn`), the batch in one guarded bulk write,
 * as the rules apply job writes: a change lands only if the order was not changed meanwhile, and
 * is announced and kept in the order's history as the rules' doing. After a restart an order the
 * rule already leaves as it is counts as done. `rule` null: it was deleted; nothing is changed.
 */
export function applyRuleAction(
  deps: Pick<MarkShippedDeps, 'db'>,
  accountId: string,
  rule: KeywordRuleLike | null,
): BulkBatchAction {
  const entries = trackingEntryWrites(trackingEntryModel(deps.db), accountId, 'rule');
  return async (orderNumbers, inFlight) => {
    if (!rule) return orderNumbers.map(() => skipped(bulkMessages.ruleGone));
    const now = new Date();
    const found = new Map(
      (await entries.findByOrderNumbers(orderNumbers)).map((entry) => [entry.orderNumber, entry]),
    );
    const writes = new Map<string, EntryWrite>();
    const outcomes = orderNumbers.map((orderNumber): BulkOutcome => {
      const entry = found.get(orderNumber);
      if (!entry) return skipped(orderMessages.notFound(orderNumber));
      const decision = ruleDecisionOn(entry, rule, now);
      if ('skip' in decision) return skipped(decision.skip);
      if ('set' in decision) {
        writes.set(orderNumber, entries.updateIfUnchanged(entry, decision.set, now));
        return done;
      }
      if (!decision.matches) return skipped(bulkMessages.ruleNoMatch(orderNumber, ruleLabel(rule)));
      return inFlight ? done : skipped(bulkMessages.ruleUnchanged(orderNumber));
    });
    if (!writes.size) return outcomes;
    const batch = await entries.writeBatch([...writes.values()], now);
    const landed = (write: EntryWrite) => !batch.skipped.has(write) && !batch.failed.has(write);
    return orderNumbers.map((orderNumber, index) => {
      const write = writes.get(orderNumber);
      return !write || landed(write)
        ? (outcomes[index] as BulkOutcome)
        : skipped(bulkMessages.changedMeanwhile(orderNumber));
    });
  };
}
