import { isValidObjectId, type Connection } from 'mongoose';
import type { PayloadOf, shipmentTrackingUpdated } from '@onvelope/contracts';
import { conflict } from '@onvelope/service-kit';
import { nextStatusOf, storedStatusOf } from '../data/tracking-entry-status.js';
import { trackingEntryWrites } from '../data/tracking-entry-writes.js';
import { trackingEntryModel, type TrackingEntryDocument } from '../data/tracking-entry.model.js';

export type CarrierUpdate = PayloadOf<typeof shipmentTrackingUpdated>;

/** What became of a report: stored, or why it changed nothing. */
export type CarrierUpdateOutcome = 'applied' | 'stale' | 'other-shipment' | 'gone';

/**
 * The carrier moves an order only from shipped to delivered. Any other status is the seller's
 * (pending, processing, cancelled, one their files invented, delivered already) and stays, the
 * delivery record beside it (issue 33: a seller's manual status wins).
 */
const carrierMoves = new Set(['shipped', 'partially_shipped']);

// A concurrent change of the order (an import, the seller) between reading and writing is rare.
const ATTEMPTS = 3;

/**
 * Whether a report is newer than the stored one: a later update time, or the same (providers give
 * it to the second, and a parcel may be scanned twice in one) with more checkpoints.
 */
function isNewer(update: CarrierUpdate, stored: TrackingEntryDocument) {
  if (!stored.delivery) return true;
  const by =
    Date.parse(update.delivery.carrierUpdatedAt) - Date.parse(stored.delivery.carrierUpdatedAt);
  return (
    by > 0 || (by === 0 && update.delivery.checkpoints.length > stored.delivery.checkpoints.length)
  );
}

/**
 * Applies what the tracking provider said of an order's shipment: the order keeps the delivery
 * record, and becomes delivered when the carrier says so. A report no newer than the stored one
 * (a redelivery, an Event overtaken by a later one) changes nothing, so nothing moves twice or
 * backwards; a report on a tracking number the order no longer has is of an old shipment.
 */
export async function applyCarrierUpdate(
  db: Connection,
  update: CarrierUpdate,
): Promise<CarrierUpdateOutcome> {
  if (!isValidObjectId(update.entryId)) return 'gone';
  const model = trackingEntryModel(db);
  const entries = trackingEntryWrites(model, update.accountId, 'carrier');
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    // By `_id` alone, the account checked on what comes back (as `entriesWithOrderKeys` does):
    // mongo-java-server serves `{ _id }` from its unique index but `{ accountId, _id }` by reading
    // every entry of the seller, a 100,000-order seller's at each report (issue 33's bench).
    const found = await model.findOne({ _id: update.entryId }).lean<TrackingEntryDocument>();
    const current = found?.accountId === update.accountId ? found : null;
    if (!current) return 'gone';
    if (current.trackingNumber !== update.trackingNumber) return 'other-shipment';
    if (!isNewer(update, current)) return 'stale';

    const now = new Date();
    const delivered =
      update.delivery.carrierStatus === 'delivered' && carrierMoves.has(current.status);
    const { status, shippedAt, statusRule } = nextStatusOf(storedStatusOf(current), {
      source: 'carrier',
      status: delivered ? 'delivered' : null,
      now,
    });
    // The guarded write and its outbox record, without `updateOne`'s read back of the entry (a
    // second read of the seller's entries there): whether the guard matched is all this needs.
    const write = entries.updateIfUnchanged(
      current,
      {
        status,
        shippedAt,
        statusRule,
        delivery: update.delivery,
        carrierStatus: update.delivery.carrierStatus,
        carrierUpdatedAt: new Date(update.delivery.carrierUpdatedAt),
      },
      now,
    );
    const { failed, stored } = await entries.writeBatch([write], now);
    const refused = failed.get(write);
    if (refused) throw new Error(refused);
    if (stored === 1) return 'applied';
  }
  throw conflict('The order kept changing while its carrier update was applied');
}
