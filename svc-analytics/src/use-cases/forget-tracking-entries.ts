import type { mongo } from 'mongoose';
import type { PayloadOf, trackingEntryDeleted } from '@onvelope/contracts';
import { revisionOf, type OrderFact, type OrderFactModel } from '../data/order-fact.model.js';
import type { FactChanges, FactTransition } from './apply-tally-changes.js';
import { MAX_WRITE_ROUNDS, writeFacts } from './write-facts.js';

type Removals = PayloadOf<typeof trackingEntryDeleted>;

/** Outranks every real version, so no change of an entry can follow its deletion. */
export const DELETED_VERSION = Number.MAX_SAFE_INTEGER;

/**
 * Forgets deleted entries: each fact becomes a tombstone (no order data, counted nowhere) whose
 * version no change can beat, so a late or redelivered change is ignored by
 * `recordTrackingEntryChanges`. A live fact is replaced only at the revision read, and a missing one
 * inserted; when a change was written in between (the revision moved, or the change inserted the
 * fact first) the next round reads the fact again and replaces it there, so a deletion always
 * leaves its tombstone (the message is acknowledged after this: nothing sends the deletion again)
 * and the answer is `uncertain`. Otherwise each deletion is answered once, with the fact it
 * removed; doing it twice changes nothing.
 */
export async function forgetTrackingEntries(
  facts: OrderFactModel,
  { accountId, entryIds, deletedAt }: Removals,
): Promise<FactChanges> {
  const at = new Date(deletedAt);
  let pending = [...new Set(entryIds)];
  const transitions: FactTransition[] = [];
  let uncertain = false;
  for (let round = 1; pending.length; round += 1) {
    const stored = new Map(
      (await facts.find({ _id: { $in: pending } }).lean<OrderFact[]>()).map((fact) => [
        fact._id,
        fact,
      ]),
    );
    const written: FactTransition[] = [];
    const operations: mongo.AnyBulkWriteOperation<OrderFact>[] = [];
    let replacements = 0;
    pending = pending.filter((entryId) => {
      const fact = stored.get(entryId);
      // Entry ids are unique across sellers; a fact of another account is never touched.
      if (fact?.deletedAt || (fact && fact.accountId !== accountId)) return false;
      const tombstone = tombstoneOf(entryId, accountId, at);
      if (fact) {
        replacements += 1;
        written.push({ before: fact, after: null });
        operations.push({
          replaceOne: { filter: { revision: fact.revision }, replacement: tombstone },
        });
      } else {
        operations.push({ insertOne: { document: tombstone } });
      }
      return true;
    });
    if (!operations.length) break;
    const outcome = await writeFacts(facts, operations, replacements);
    transitions.push(...written);
    uncertain ||= outcome.raced;
    if (!outcome.raced) break;
    if (round === MAX_WRITE_ROUNDS) {
      throw new Error(
        `facts of ${accountId} kept changing under ${MAX_WRITE_ROUNDS} rounds of deletes`,
      );
    }
  }
  return { transitions, uncertain };
}

/** A deleted entry's fact: no order data, a version no change outranks. */
const tombstoneOf = (entryId: string, accountId: string, at: Date): OrderFact => ({
  _id: entryId,
  accountId,
  orderNumber: '',
  status: 'deleted',
  source: 'deleted',
  orderDate: null,
  shippingCountry: null,
  itemTotal: null,
  currency: null,
  items: [],
  customerEmail: null,
  customerName: null,
  courier: null,
  shippedAt: null,
  trackingNumber: null,
  carrierStatus: null,
  deliveredAt: null,
  estimatedDeliveryAt: null,
  firstEstimatedDeliveryAt: null,
  version: DELETED_VERSION,
  revision: revisionOf(entryId, DELETED_VERSION),
  changedAt: at,
  firstSeenAt: at,
  deletedAt: at,
});
