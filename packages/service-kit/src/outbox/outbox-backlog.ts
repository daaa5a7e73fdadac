import { mongo } from 'mongoose';
import type { OutboxBacklog } from '../observability/metrics.js';

/**
 * The backlog of an outbox kept as marked documents of one collection: how many match `pending`,
 * and the earliest `since` among them (a date, or an ObjectId's creation time). Every seller's at
 * once: an operator's figure, not a tenant's read.
 *
 * @example
 * backlog: () => markedBacklog(sellers.collection, { revocationUnpublished: true }, 'tokensNotBefore')
 */
export async function markedBacklog<T extends mongo.Document>(
  collection: mongo.Collection<T>,
  pending: mongo.Filter<T>,
  since: keyof T & string,
): Promise<OutboxBacklog> {
  const [count, oldest] = await Promise.all([
    collection.countDocuments(pending),
    collection.findOne(pending, { sort: { [since]: 1 }, projection: { [since]: 1 } }),
  ]);
  const at: unknown = oldest?.[since];
  const oldestAt =
    at instanceof Date ? at : at instanceof mongo.ObjectId ? at.getTimestamp() : null;
  return { pending: count, oldestAt };
}

/** One backlog of several stores: their counts added, the oldest of their oldest. */
export function sumBacklogs(backlogs: readonly OutboxBacklog[]): OutboxBacklog {
  const oldest = backlogs
    .map(({ oldestAt }) => oldestAt)
    .filter((at) => at !== null)
    .sort((a, b) => a.getTime() - b.getTime());
  return {
    pending: backlogs.reduce((sum, { pending }) => sum + pending, 0),
    oldestAt: oldest[0] ?? null,
  };
}
