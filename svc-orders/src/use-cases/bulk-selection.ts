import type { Connection, QueryFilter, Types } from 'mongoose';
import type { BulkFilter, BulkSelection } from '@onvelope/contracts';
import { forAccount } from '@onvelope/service-kit/mongo';
import { statusFilter } from '../data/entry-pages.js';
import {
  orderKeyOf,
  trackingEntryModel,
  type TrackingEntryDocument,
} from '../data/tracking-entry.model.js';
import { searchFilterOf } from './browse-tracking-entries.js';

type Filter = QueryFilter<TrackingEntryDocument>;

/** Orders a bulk action reads and works on at a time: its memory stays flat however many match. */
export const BULK_BATCH_SIZE = 200;

/**
 * The dashboard's filter as a query: the table's status and hide-shipped toggle, or, with a search
 * term, what the search box finds (`searchFilterOf`). Null when the term can find nothing.
 */
export function matchingFilterOf(filter: BulkFilter): Filter | null {
  if (filter.q === undefined) return statusFilter(filter.status, filter.omitShipped);
  return searchFilterOf(filter.q, filter.status);
}

/** No order at all: the query of a search term that can find nothing. */
const noOrder: Filter = { _id: { $in: [] } };

/**
 * The selection as a query on the seller's orders (without the account, which the repository
 * adds): the order numbers ticked, or the orders matching the filter.
 */
export function selectionQueryOf(accountId: string, selection: BulkSelection): Filter {
  if (selection.kind === 'matching') return matchingFilterOf(selection.filter) ?? noOrder;
  // By `orderKey`, which holds the account: one index lookup each on every server.
  const keys = [...new Set(selection.orderNumbers)].map((number) => orderKeyOf(accountId, number));
  return { orderKey: { $in: keys } };
}

/**
 * In words, for the title of a pdf: 'the 3 orders ticked', 'all orders matching status pending,
 * shipped hidden', 'all orders the search 'ada' finds'.
 */
export function describeSelection(selection: BulkSelection): string {
  if (selection.kind === 'orders') {
    const count = new Set(selection.orderNumbers).size;
    return count === 1 ? 'the order ticked' : `the ${count.toLocaleString('en-US')} orders ticked`;
  }
  const { q, status, omitShipped } = selection.filter;
  const statusText = status === 'all' ? 'any status' : `status ${status}`;
  if (q !== undefined) return `all orders the search '${q}' finds (${statusText})`;
  const shipped = status === 'all' && omitShipped ? ', shipped hidden' : '';
  return `all orders matching ${statusText}${shipped}`;
}

/**
 * How many of the seller's orders the selection reaches now (the confirmation's count): the
 * order numbers the seller has, or the orders matching the filter; never another seller's.
 */
export async function countSelection(
  db: Connection,
  accountId: string,
  selection: BulkSelection,
  upTo?: Types.ObjectId,
): Promise<number> {
  const query = selectionQueryOf(accountId, selection);
  return forAccount(trackingEntryModel(db), accountId).countDocuments(
    upTo ? { ...query, _id: { $lte: upTo } } : query,
  );
}

/**
 * The id of the newest order matching the filter now: a job's selection ends there, so orders
 * added while it runs are left out. Null when none matches. (A new id made now would not do: ids
 * made in the same second by another process, the import thread, may sort either side of it.)
 */
export async function newestMatchingId(
  db: Connection,
  accountId: string,
  filter: BulkFilter,
): Promise<Types.ObjectId | null> {
  const query = matchingFilterOf(filter);
  if (!query) return null;
  const newest = await forAccount(trackingEntryModel(db), accountId)
    .findOne(query)
    .sort({ _id: -1 })
    .select({ _id: 1 })
    .lean<Pick<TrackingEntryDocument, '_id'>>();
  return newest?._id ?? null;
}

/** Where the next batch of a selection starts, as a job stores it. */
export interface SelectionPosition {
  position: number;
  resumeAfter: Types.ObjectId | null;
}

/**
 * The next batch of a stored selection from `at`, and the position after it (an empty batch: the
 * end). Explicit order numbers are taken in the seller's order; matching orders in id order, each
 * batch its own query after the last id read, up to `upTo`, so no cursor outlives a batch and the
 * orders the action changes (shipped ones leave a hide-shipped filter) never shift what follows.
 */
export async function nextBatchOf(
  db: Connection,
  job: {
    accountId: string;
    orderNumbers?: string[] | null;
    filter?: BulkFilter | null;
    upTo?: Types.ObjectId | null;
  },
  at: SelectionPosition,
): Promise<{ orderNumbers: string[]; next: SelectionPosition }> {
  if (job.orderNumbers) {
    const orderNumbers = job.orderNumbers.slice(at.position, at.position + BULK_BATCH_SIZE);
    return { orderNumbers, next: { ...at, position: at.position + orderNumbers.length } };
  }
  const filter = job.filter ? matchingFilterOf(job.filter) : null;
  if (!filter || !job.upTo) return { orderNumbers: [], next: at };
  const ids = { $lte: job.upTo, ...(at.resumeAfter ? { $gt: at.resumeAfter } : {}) };
  const docs = await forAccount(trackingEntryModel(db), job.accountId)
    .find({ ...filter, _id: ids })
    .sort({ _id: 1 })
    .limit(BULK_BATCH_SIZE)
    .select({ orderNumber: 1 })
    .lean<Pick<TrackingEntryDocument, '_id' | 'orderNumber'>[]>();
  const last = docs.at(-1);
  return {
    orderNumbers: docs.map((doc) => doc.orderNumber),
    next: { position: at.position + docs.length, resumeAfter: last ? last._id : at.resumeAfter },
  };
}
