import type { mongo } from 'mongoose';
import type { PayloadOf, trackingEntryUpserted } from '@onvelope/contracts';
import { revisionOf, type OrderFact, type OrderFactModel } from '../data/order-fact.model.js';
import type { FactChanges, FactTransition } from './apply-tally-changes.js';
import { MAX_WRITE_ROUNDS, writeFacts } from './write-facts.js';

type Changes = PayloadOf<typeof trackingEntryUpserted>;
type Change = Changes['changes'][number];
/** A stored fact, whole: its state before a change is what the tally subtracts. */
type StoredRevision = OrderFact;
/** What a fact keeps from the changes before: they are not in the change that replaces it. */
type Kept = Pick<OrderFact, 'firstSeenAt' | 'firstEstimatedDeliveryAt'>;

const dateOrNull = (value: string | null | undefined) => (value ? new Date(value) : null);

/**
 * What a change keeps of the fact it replaces: the first day analytics knew of the order, and the
 * carrier's first estimate while the tracking number is the same (a new number is a new shipment,
 * whose first estimate is this change's).
 */
function keptOf(stored: StoredRevision, change: Change): Kept {
  // A fact stored before event version 3 has neither field.
  const sameShipment = (change.trackingNumber ?? null) === (stored.trackingNumber ?? null);
  return {
    firstSeenAt: stored.firstSeenAt,
    firstEstimatedDeliveryAt:
      (sameShipment ? stored.firstEstimatedDeliveryAt : null) ??
      dateOrNull(change.estimatedDeliveryAt),
  };
}

/** The fact a change describes; what an older event (before version 4) does not carry is empty. */
function factOf(
  accountId: string,
  change: Change,
  { firstSeenAt, firstEstimatedDeliveryAt }: Kept,
): Omit<OrderFact, '_id'> {
  return {
    accountId,
    orderNumber: change.orderNumber,
    status: change.status,
    source: change.source,
    orderDate: dateOrNull(change.orderDate),
    shippingCountry: change.shippingCountry,
    itemTotal: change.itemTotal,
    currency: change.currency ?? null,
    items: change.items ?? [],
    customerEmail: change.customerEmail ?? null,
    customerName: change.customerName ?? null,
    courier: change.courier ?? null,
    shippedAt: dateOrNull(change.shippedAt),
    trackingNumber: change.trackingNumber ?? null,
    carrierStatus: change.carrierStatus ?? null,
    deliveredAt: dateOrNull(change.deliveredAt),
    estimatedDeliveryAt: dateOrNull(change.estimatedDeliveryAt),
    firstEstimatedDeliveryAt,
    version: change.version,
    revision: revisionOf(change.entryId, change.version),
    changedAt: new Date(change.changedAt),
    firstSeenAt,
    deletedAt: null,
  };
}

/**
 * Keeps the newest known state of each entry. The stored revisions of the message's entries are
 * read by `_id` (one indexed `$in`); a change newer than its fact replaces it only where the fact is
 * still at the revision read (a compare-and-set on the one-field `revision` index), and a new fact
 * is inserted (the `_id` decides between two instances). When another instance wrote in between,
 * the next round reads again, so an older or repeated change never overwrites a newer one — also a
 * deletion's tombstone, whose version outranks every change. Answers each fact's state before and
 * after its change, and whether another instance's writes made some of them uncertain.
 */
export async function recordTrackingEntryChanges(
  facts: OrderFactModel,
  { accountId, changes }: Changes,
): Promise<FactChanges> {
  const newest = new Map<string, Change>();
  for (const change of changes) {
    const seen = newest.get(change.entryId);
    if (!seen || seen.version < change.version) newest.set(change.entryId, change);
  }
  let pending = [...newest.values()];
  const transitions: FactTransition[] = [];
  let uncertain = false;
  for (let round = 1; pending.length; round += 1) {
    const stored = await facts
      .find({ _id: { $in: pending.map((change) => change.entryId) } })
      .lean<StoredRevision[]>();
    const written: FactTransition[] = [];
    const byId = new Map(stored.map((fact) => [fact._id, fact]));
    const operations: mongo.AnyBulkWriteOperation<OrderFact>[] = [];
    let updates = 0;
    pending = pending.filter((change) => {
      const fact = byId.get(change.entryId);
      // Entry ids are unique across sellers; a fact of another account is never overwritten.
      if (fact && (fact.version >= change.version || fact.accountId !== accountId)) return false;
      if (fact) {
        updates += 1;
        const after = factOf(accountId, change, keptOf(fact, change));
        written.push({ before: fact, after });
        operations.push({
          updateOne: { filter: { revision: fact.revision }, update: { $set: after } },
        });
      } else {
        // The first change known of an order dates it when its source gave no order date.
        const after = factOf(accountId, change, {
          firstSeenAt: new Date(change.changedAt),
          firstEstimatedDeliveryAt: dateOrNull(change.estimatedDeliveryAt),
        });
        written.push({ before: null, after });
        operations.push({ insertOne: { document: { _id: change.entryId, ...after } } });
      }
      return true;
    });
    if (!operations.length) break;
    const outcome = await writeFacts(facts, operations, updates);
    transitions.push(...written);
    uncertain ||= outcome.raced;
    if (!outcome.raced) break;
    if (round === MAX_WRITE_ROUNDS) {
      throw new Error(
        `facts of ${accountId} kept changing under ${MAX_WRITE_ROUNDS} rounds of writes`,
      );
    }
  }
  return { transitions, uncertain };
}
