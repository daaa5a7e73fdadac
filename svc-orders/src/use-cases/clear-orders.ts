import type { FilterQuery, Model } from 'mongoose';
import { forAccount, type NatsConnection } from '@onvelope/service-kit';
import type { TrackingEntryDocument } from '../data/tracking-entry.model.js';
import { publishTrackingEntriesDeleted } from '../events/tracking-entry-events.js';

const DELETE_BATCH_SIZE = 1_000;

/**
 * Deletes the seller's entries that match, a thousand at a time along a cursor (never the whole
 * account in memory), announcing each deletion before it happens: if the delete then fails, a
 * second clear deletes and announces again (consumers forget idempotently), whereas announcing
 * after could lose the announcement.
 */
export async function deleteEntries(
  model: Model<TrackingEntryDocument>,
  nats: NatsConnection,
  accountId: string,
  filter: FilterQuery<TrackingEntryDocument>,
): Promise<number> {
  const entries = forAccount(model, accountId);
  const cursor = entries
    .find(filter)
    .select({ _id: 1 })
    .sort({ _id: 1 })
    .lean<{ _id: TrackingEntryDocument['_id'] }[]>()
    .cursor({ batchSize: DELETE_BATCH_SIZE });
  let deleted = 0;
  let ids: TrackingEntryDocument['_id'][] = [];
  const flush = async () => {
    await publishTrackingEntriesDeleted(nats, accountId, ids.map(String), new Date());
    const result = await entries.deleteMany({ ...filter, _id: { $in: ids } });
    deleted += result.deletedCount;
    ids = [];
  };
  for await (const doc of cursor) {
    ids.push(doc._id);
    if (ids.length >= DELETE_BATCH_SIZE) await flush();
  }
  if (ids.length) await flush();
  return deleted;
}

/** DELETE /api/upload/clear-csv-data: the orders the seller imported from CSV files. */
export async function clearCsvOrders(
  model: Model<TrackingEntryDocument>,
  nats: NatsConnection,
  accountId: string,
) {
  const deletedCount = await deleteEntries(model, nats, accountId, { source: 'csv' });
  return { message: `Deleted ${deletedCount} CSV-imported orders`, deletedCount };
}

/** DELETE /api/upload/clear-all-data: every order of the seller, whatever its source. */
export async function clearAllOrders(
  model: Model<TrackingEntryDocument>,
  nats: NatsConnection,
  accountId: string,
) {
  const deletedCount = await deleteEntries(model, nats, accountId, {});
  return { message: `Deleted all ${deletedCount} orders`, deletedCount };
}
