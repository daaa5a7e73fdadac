import type { FilterQuery, Model } from 'mongoose';
import type {
  listTrackingEntriesQuery,
  listTrackingEntriesResponse,
  searchQuery,
  searchResponse,
  summaryResponse,
} from '@onvelope/contracts';
import { forAccount } from '@onvelope/service-kit';
import type { z } from 'zod';
import {
  shippedStatuses,
  toTrackingEntry,
  type TrackingEntryDocument,
} from '../data/tracking-entry.model.js';
import { searchPatternOf } from '../domain/search-terms.js';

type Entries = Model<TrackingEntryDocument>;
type StatusFilter = z.infer<typeof listTrackingEntriesQuery>['status'];

/** Search answers at most this many entries; `totalCount` says how many matched. */
export const MAX_SEARCH_RESULTS = 100;

/**
 * The status part of a list query. An explicit status wins over the hide-shipped toggle (asking
 * for 'shipped' shows shipped orders); with 'all', the toggle hides shipped and delivered orders.
 * Partially shipped orders stay visible: part of them still has to go out.
 */
export function statusFilter(
  status: StatusFilter,
  omitShipped: boolean,
): FilterQuery<TrackingEntryDocument> {
  if (status !== 'all') return { status };
  return omitShipped ? { status: { $nin: [...shippedStatuses] } } : {};
}

/** A page of the seller's tracking entries (spec 000 §2, §9). */
export async function listTrackingEntries(
  model: Entries,
  accountId: string,
  query: z.infer<typeof listTrackingEntriesQuery>,
): Promise<z.infer<typeof listTrackingEntriesResponse>> {
  const entries = forAccount(model, accountId);
  const filter = statusFilter(query.status, query.omitShipped);
  const direction = query.sortOrder === 'asc' ? 1 : -1;
  // `_id` breaks ties, so paging through equal values neither repeats nor skips an entry.
  const sort = { [query.sortBy]: direction, _id: direction } as const;
  const [total, docs] = await Promise.all([
    entries.countDocuments(filter),
    entries
      .find(filter)
      .sort(sort)
      .skip((query.page - 1) * query.limit)
      .limit(query.limit)
      .select({ searchText: 0 })
      .lean<TrackingEntryDocument[]>(),
  ]);
  return {
    entries: docs.map(toTrackingEntry),
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      pages: Math.max(1, Math.ceil(total / query.limit)),
    },
  };
}

/** The tracking stats: how many orders, by status, honouring the hide-shipped toggle. */
export async function summariseTrackingEntries(
  model: Entries,
  accountId: string,
  omitShipped: boolean,
): Promise<z.infer<typeof summaryResponse>> {
  const entries = forAccount(model, accountId);
  const groups = await model.aggregate<{ _id: string; count: number }>([
    { $match: entries.scope(statusFilter('all', omitShipped)) },
    { $group: { _id: '$status', count: { $sum: 1 } } },
  ]);
  const count = (status: string) => groups.find((group) => group._id === status)?.count ?? 0;
  return {
    total: groups.reduce((sum, group) => sum + group.count, 0),
    statusCounts: {
      pending: count('pending'),
      processing: count('processing'),
      shipped: count('shipped'),
      partiallyShipped: count('partially_shipped'),
      delivered: count('delivered'),
      cancelled: count('cancelled'),
    },
  };
}

/**
 * Orders with the term anywhere in their order number, first or last name (or both, 'ada
 * lovelace'), email, postcode (with or without spaces), tracking number or line item names,
 * ignoring case; a term of one or two characters only where a word starts. Newest first, at most
 * `MAX_SEARCH_RESULTS`, with the full count. The term's pattern (`searchPatternOf`) is matched
 * against the stored search text, which the search index holds.
 */
export async function searchTrackingEntries(
  model: Entries,
  accountId: string,
  query: z.infer<typeof searchQuery>,
): Promise<z.infer<typeof searchResponse>> {
  const pattern = searchPatternOf(query.q);
  if (!pattern) return { results: [], totalCount: 0 };
  const entries = forAccount(model, accountId);
  const filter: FilterQuery<TrackingEntryDocument> = {
    // A regular expression, not `{$regex: '...'}`: mongo-java-server compiles the latter again for
    // every value it tests.
    searchText: pattern,
    ...(query.status === 'all' ? {} : { status: query.status }),
  };
  const [totalCount, docs] = await Promise.all([
    entries.countDocuments(filter),
    entries
      .find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .limit(MAX_SEARCH_RESULTS)
      .select({ searchText: 0 })
      .lean<TrackingEntryDocument[]>(),
  ]);
  return { results: docs.map(toTrackingEntry), totalCount };
}
