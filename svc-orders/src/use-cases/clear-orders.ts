import type { QueryFilter, Model } from 'mongoose';
import { trackingEntryWrites } from '../data/tracking-entry-writes.js';
import type { TrackingEntryDocument } from '../data/tracking-entry.model.js';

/**
 * Deletes the seller's entries that match, a thousand at a time, each deletion announced through
 * the outbox (see `trackingEntryWrites(...).deleteWhere`).
 */
export function deleteEntries(
  model: Model<TrackingEntryDocument>,
  accountId: string,
  filter: QueryFilter<TrackingEntryDocument>,
): Promise<number> {
  return trackingEntryWrites(model, accountId).deleteWhere(filter);
}

/** DELETE /api/upload/clear-csv-data: the orders the seller imported from CSV files. */
export async function clearCsvOrders(model: Model<TrackingEntryDocument>, accountId: string) {
  const deletedCount = await deleteEntries(model, accountId, { source: 'csv' });
  return { message: `Deleted ${deletedCount} CSV-imported orders`, deletedCount };
}

/** DELETE /api/upload/clear-all-data: every order of the seller, whatever its source. */
export async function clearAllOrders(model: Model<TrackingEntryDocument>, accountId: string) {
  const deletedCount = await deleteEntries(model, accountId, {});
  return { message: `Deleted all ${deletedCount} orders`, deletedCount };
}
