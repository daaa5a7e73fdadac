import type { Model } from 'mongoose';
import type { PayloadOf, trackingEntryDeleted } from '@onvelope/contracts';
import type { OrderFact } from '../data/order-fact.model.js';

type Removal = PayloadOf<typeof trackingEntryDeleted>;

/** Outranks every real version, so no change of the entry can follow its deletion. */
export const DELETED_VERSION = Number.MAX_SAFE_INTEGER;

/**
 * Forgets a deleted entry: its fact becomes a tombstone (no order data, counted nowhere) whose
 * version no change can beat, so a late or redelivered change is ignored by
 * `recordTrackingEntryChange`. Doing it twice changes nothing.
 */
export async function forgetTrackingEntry(
  facts: Model<OrderFact>,
  removal: Removal,
): Promise<void> {
  await facts.replaceOne(
    { _id: removal.entryId },
    {
      accountId: removal.accountId,
      orderNumber: '',
      status: 'deleted',
      source: 'deleted',
      orderDate: null,
      shippingCountry: null,
      itemTotal: null,
      version: DELETED_VERSION,
      changedAt: new Date(removal.deletedAt),
      deletedAt: new Date(removal.deletedAt),
    },
    { upsert: true },
  );
}
