import { Types, type QueryFilter } from 'mongoose';
import { z } from 'zod';
import {
  trackingEntrySortFields,
  trackingEntryStatuses,
  type listTrackingEntriesQuery,
} from '@onvelope/contracts';
import { badRequest } from '@onvelope/service-kit/errors';
import { shippedStatuses, type TrackingEntryDocument } from './tracking-entry.model.js';

type ListQuery = z.infer<typeof listTrackingEntriesQuery>;
type SortField = (typeof trackingEntrySortFields)[number];
type Filter = QueryFilter<TrackingEntryDocument>;
type SortValue = string | Date | null;

/** The statuses the hide-shipped toggle keeps: every status of the contracts but shipped and delivered. */
export const openStatuses = trackingEntryStatuses.filter(
  (status) => !(shippedStatuses as readonly string[]).includes(status),
);

const dateSortFields = new Set<SortField>(['createdAt', 'orderDate', 'shippedAt', 'updatedAt']);

/**
 * The status part of a list query. An explicit status wins over the hide-shipped toggle (asking
 * for 'shipped' shows shipped orders); with 'all', the toggle keeps the open statuses. Named as a
 * list (`$in`), not as the statuses it hides (`$nin`): MongoDB then reads each status's run of the
 * `{accountId, status, <sort field>, _id}` index in sort order and merges them, where `$nin` would
 * make it sort the seller's orders.
 */
export function statusFilter(status: ListQuery['status'], omitShipped: boolean): Filter {
  if (status !== 'all') return { status };
  return omitShipped ? { status: { $in: openStatuses } } : {};
}

/**
 * Where a page of the list starts: after the entry with this sort value and id, in the order of
 * the query the cursor was made for (its sort, filters and page size; another query starts at the
 * page it asks for). Cursors made before the page size was recorded have none, and count as made
 * for the size asked.
 */
const cursorSchema = z.object({
  sortBy: z.enum(trackingEntrySortFields),
  sortOrder: z.enum(['asc', 'desc']),
  status: z.string(),
  omitShipped: z.boolean(),
  limit: z.number().int().min(1).optional(),
  page: z.number().int().min(2),
  value: z.union([z.object({ date: z.iso.datetime() }), z.object({ text: z.string() }), z.null()]),
  id: z.string().regex(/^[0-9a-f]{24}$/),
});
type Cursor = z.infer<typeof cursorSchema>;

/** The opaque cursor of the page after `last`, the last entry of page `page` of `query`. */
export function cursorAfter(query: ListQuery, page: number, last: TrackingEntryDocument): string {
  const value = last[query.sortBy] as SortValue | undefined;
  const cursor: Cursor = {
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    status: query.status,
    omitShipped: query.omitShipped,
    limit: query.limit,
    page: page + 1,
    value:
      value instanceof Date
        ? { date: value.toISOString() }
        : typeof value === 'string'
          ? { text: value }
          : null,
    id: String(last._id),
  };
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export interface PageStart {
  page: number;
  /** Where the page starts in the sort order; absent for page 1, or a page asked for by number. */
  after?: { value: SortValue; id: Types.ObjectId };
}

/**
 * Where the asked-for page starts: after the cursor's entry (a cursor of another sort, filter or
 * page size is not this list's: its page number is used instead); else by number.
 */
export function pageStartOf(query: ListQuery & { cursor?: string }): PageStart {
  if (!query.cursor) return { page: query.page };
  let cursor: Cursor;
  try {
    cursor = cursorSchema.parse(JSON.parse(Buffer.from(query.cursor, 'base64url').toString()));
  } catch {
    throw badRequest('Invalid cursor');
  }
  const sameList =
    cursor.sortBy === query.sortBy &&
    cursor.sortOrder === query.sortOrder &&
    cursor.status === query.status &&
    cursor.omitShipped === query.omitShipped &&
    (cursor.limit ?? query.limit) === query.limit;
  if (!sameList) return { page: query.page };
  const value =
    cursor.value && ('date' in cursor.value ? new Date(cursor.value.date) : cursor.value.text);
  return { page: cursor.page, after: { value, id: new Types.ObjectId(cursor.id) } };
}

/** The lowest value of the field's type: every non-missing value of it is at least this. */
const lowestOf = (field: SortField): string | Date =>
  dateSortFields.has(field) ? new Date(-8_640_000_000_000_000) : '';

/**
 * The queries that read a page after `after`, in turn, each a single range of the index
 * `{accountId, [status,] field, _id}` in sort order: the entries after it of its own kind (a value,
 * or none), then, when the sort reaches them, those of the other kind. MongoDB sorts missing and
 * null values before every string or date, and a range on a value (`$lt: 'x'`) never matches them,
 * so one query cannot run across the two.
 */
export function continuationsOf(
  field: SortField,
  descending: boolean,
  after: NonNullable<PageStart['after']>,
): Filter[] {
  const { value, id } = after;
  const beyondId = descending ? { $lt: id } : { $gt: id };
  if (value === null) {
    const nulls: Filter = { [field]: null, _id: beyondId };
    // Ascending, values come after the nulls; descending, nothing comes after them.
    return descending ? [nulls] : [nulls, { [field]: { $gte: lowestOf(field) } }];
  }
  const sameOrBeyond = descending ? { $lte: value } : { $gte: value };
  const beyond = descending ? { $lt: value } : { $gt: value };
  const values: Filter = { [field]: sameOrBeyond, $or: [{ [field]: beyond }, { _id: beyondId }] };
  return descending ? [values, { [field]: null }] : [values];
}

const isOperators = (value: unknown): value is Record<string, unknown> =>
  !!value &&
  typeof value === 'object' &&
  !(value instanceof Date) &&
  !(value instanceof Types.ObjectId) &&
  Object.keys(value).every((key) => key.startsWith('$'));

/**
 * Both filters at once. A field both name (the status, when the list is sorted by it) gets both
 * conditions, which MongoDB reads as one range of the index.
 */
function bothOf(filter: Filter, part: Filter): Filter {
  const both: Filter = { ...filter, ...part };
  for (const field of Object.keys(filter).filter((key) => key in part && !key.startsWith('$'))) {
    const operators = (value: unknown) => (isOperators(value) ? value : { $eq: value });
    both[field] = { ...operators(filter[field]), ...operators(part[field]) };
  }
  return both;
}

/** One query of a page: the filter besides the account, its sort, and what it skips and reads. */
export interface PageRead {
  filter: Filter;
  sort: Record<string, 1 | -1>;
  skip: number;
  /** At most this many; a later read of the page takes what the earlier ones left. */
  limit: number;
}

/**
 * The queries that read a page of the list, in turn until the page is full: from the start (page
 * 1), after a cursor's entry (`continuationsOf`), or, for a page asked for by number, skipping the
 * pages before it along the index. `_id` breaks ties, so paging through equal values neither
 * repeats nor skips an entry.
 */
export function pageReadsOf(query: ListQuery, start: PageStart): PageRead[] {
  const filter = statusFilter(query.status, query.omitShipped);
  const direction: 1 | -1 = query.sortOrder === 'asc' ? 1 : -1;
  const sort: Record<string, 1 | -1> = { [query.sortBy]: direction, _id: direction };
  if (!start.after) {
    return [{ filter, sort, skip: (start.page - 1) * query.limit, limit: query.limit }];
  }
  return continuationsOf(query.sortBy, direction === -1, start.after).map((part) => ({
    filter: bothOf(filter, part),
    sort,
    skip: 0,
    limit: query.limit,
  }));
}
