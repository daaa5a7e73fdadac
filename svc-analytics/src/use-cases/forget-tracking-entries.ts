import type { PayloadOf, trackingEntryDeleted } from '@onvelope/contracts';
import { revisionOf, type OrderFactModel } from '../data/order-fact.model.js';

type Removals = PayloadOf<typeof trackingEntryDeleted>;

/** Outranks every real version, so no change of an entry can follow its deletion. */
export const DELETED_VERSION = Number.MAX_SAFE_INTEGER;

/**
 * Forgets deleted entries: each fact becomes a tombstone (no order data, counted nowhere) whose
 * version no change can beat, so a late or redelivered change is ignored by
 * `recordTrackingEntryChanges`. Doing it twice changes nothing.
 */
export async function forgetTrackingEntries(
  facts: OrderFactModel,
  { accountId, entryIds, deletedAt }: Removals,
): Promise<void> {
  const at = new Date(deletedAt);
  await facts.bulkWrite(
    entryIds.map((entryId) => ({
      replaceOne: {
        filter: { _id: entryId },
        replacement: {
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
        },
        upsert: true,
      },
    })),
    // A tombstone has no order number, which the schema requires of a live fact.
    { ordered: false, skipValidation: true, throwOnValidationError: true },
  );
}
