import type { QueryFilter, Model } from 'mongoose';
import type {
  listTrackingEntriesQuery,
  listTrackingEntriesResponse,
  searchQuery,
  searchResponse,
  summaryResponse,
} from '@onvelope/contracts';
import { forAccount } from '@onvelope/service-kit/mongo';
import type { z } from 'zod';
import {
  cursorAfter,
  openStatuses,
  pageReadsOf,
  pageStartOf,
  statusFilter,
  type PageStart,
} from '../data/entry-pages.js';
import { sellerStatusCounts, totalOf } from '../data/seller-counters.js';
import { toTrackingEntry, type TrackingEntryDocument } from '../data/tracking-entry.model.js';
import type { StatusCounts } from '../domain/status-tally.js';
import { searchPatternOf } from '../domain/search-terms.js';
import { searchedGramsOf } from '../domain/search-terms-grams.js';

type Entries = Model<TrackingEntryDocument>;
type ListQuery = z.infer<typeof listTrackingEntriesQuery>;
type SearchQuery = z.infer<typeof searchQuery>;

/** Search answers at most this many entries; `totalCount` says how many matched. */
export const MAX_SEARCH_RESULTS = 100;

export { statusFilter };

/**
 * How many of the seller's orders a list shows, from the counters (spec 000 §9's `total`): with the
 * hide-shipped toggle, those of the open statuses (what `statusFilter` reads).
 */
function listTotalOf(counts: StatusCounts, status: ListQuery['status'], omitShipped: boolean) {
  if (status !== 'all') return counts[status];
  if (!omitShipped) return totalOf(counts);
  return openStatuses.reduce((sum, open) => sum + counts[open], 0);
}

/** The page's entries, read along the sort's index (see `pageReadsOf`). */
async function pageEntries(
  entries: ReturnType<typeof forAccount<TrackingEntryDocument>>,
  query: ListQuery,
  start: PageStart,
): Promise<TrackingEntryDocument[]> {
  const docs: TrackingEntryDocument[] = [];
  for (const read of pageReadsOf(query, start)) {
    docs.push(
      ...(await entries
        .find(read.filter)
        .sort(read.sort)
        .skip(read.skip)
        .limit(read.limit - docs.length)
        .select({ searchText: 0, history: 0 })
        .lean<TrackingEntryDocument[]>()),
    );
    if (docs.length >= query.limit) break;
  }
  return docs;
}

/** A page of the seller's tracking entries (spec 000 §2, §9). */
export async function listTrackingEntries(
  model: Entries,
  accountId: string,
  query: ListQuery,
): Promise<z.infer<typeof listTrackingEntriesResponse>> {
  const start = pageStartOf(query);
  const [counts, docs] = await Promise.all([
    sellerStatusCounts(model.db, accountId),
    pageEntries(forAccount(model, accountId), query, start),
  ]);
  const total = listTotalOf(counts, query.status, query.omitShipped);
  const last = docs.at(-1);
  const more = last && docs.length === query.limit && start.page * query.limit < total;
  return {
    entries: docs.map(toTrackingEntry),
    pagination: {
      page: start.page,
      limit: query.limit,
      total,
      pages: Math.max(1, Math.ceil(total / query.limit)),
      // Absent on the last page, so a one-page list answers as before cursors.
      ...(more ? { nextCursor: cursorAfter(query, start.page, last) } : {}),
    },
  };
}

/** The tracking stats: how many orders, by status, honouring the hide-shipped toggle. */
export async function summariseTrackingEntries(
  model: Entries,
  accountId: string,
  omitShipped: boolean,
): Promise<z.infer<typeof summaryResponse>> {
  const counts = await sellerStatusCounts(model.db, accountId);
  const hidden = (count: number) => (omitShipped ? 0 : count);
  return {
    total: listTotalOf(counts, 'all', omitShipped),
    statusCounts: {
      pending: counts.pending,
      processing: counts.processing,
      shipped: hidden(counts.shipped),
      partiallyShipped: counts.partially_shipped,
      delivered: hidden(counts.delivered),
      cancelled: counts.cancelled,
    },
  };
}

/**
 * What the search box finds for a term, as a query (without the account): the entries holding the
 * term's keys in their search index (`searchedGramsOf`), of them those whose search text the term's
 * pattern (`searchPatternOf`) matches, narrowed by the status alone (the hide-shipped toggle does
 * not apply to a search). Null when the term can find nothing. The dashboard's search and a bulk
 * action's "all matching" selection both read it, so the two never disagree.
 */
export function searchFilterOf(
  q: string,
  status: SearchQuery['status'],
): QueryFilter<TrackingEntryDocument> | null {
  const pattern = searchPatternOf(q);
  const grams = searchedGramsOf(q);
  if (!pattern || !grams) return null;
  return {
    // A regular expression, not `{$regex: '...'}`: mongo-java-server compiles the latter again for
    // every value it tests. Before the grams: that server serves only the account from an index and
    // tests the rest in memory, field by field in this order, so it looks the grams up only in the
    // entries the pattern matches and a search costs there what it did before the index. MongoDB
    // reads the candidates from the index `{accountId, searchGrams}` whatever the order.
    searchText: pattern,
    searchGrams: { $all: grams },
    ...(status === 'all' ? {} : { status }),
  };
}

/**
 * Orders with the term anywhere in their order number, first or last name (or both, 'ada
 * lovelace'), email, postcode (with or without spaces), tracking number or line item names,
 * ignoring case; a term of one or two characters only where a word starts. Newest first, at most
 * `MAX_SEARCH_RESULTS`, with the full count. The search index gives the candidates and the term's
 * pattern decides (`searchFilterOf`): on MongoDB a search reads the seller's entries holding one
 * of the term's grams (the planner keeps the rarest), not every order of the seller.
 */
export async function searchTrackingEntries(
  model: Entries,
  accountId: string,
  query: SearchQuery,
): Promise<z.infer<typeof searchResponse>> {
  const filter = searchFilterOf(query.q, query.status);
  if (!filter) return { results: [], totalCount: 0 };
  const entries = forAccount(model, accountId);
  const docs = await entries
    .find(filter)
    .sort({ createdAt: -1, _id: -1 })
    .limit(MAX_SEARCH_RESULTS)
    .select({ searchText: 0, history: 0 })
    .lean<TrackingEntryDocument[]>();
  // Fewer than a full answer are all there is: only a full one reads the matches again to count.
  const totalCount =
    docs.length < MAX_SEARCH_RESULTS ? docs.length : await entries.countDocuments(filter);
  return { results: docs.map(toTrackingEntry), totalCount };
}
