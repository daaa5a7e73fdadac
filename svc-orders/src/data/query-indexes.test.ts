import mongoose, { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import {
  listTrackingEntriesQuery,
  reportSortFields,
  trackingEntrySortFields,
  trackingEntryStatuses,
} from '@onvelope/contracts';
import { reportQueryOf, reportSortOf } from '../domain/report-query.js';
import { MAX_LOOKED_UP_GRAMS } from '../domain/search-terms-grams.js';
import { searchFilterOf } from '../use-cases/browse-tracking-entries.js';
import { pageReadsOf, type PageStart } from './entry-pages.js';
import { trackingEntryModel } from './tracking-entry.model.js';

/**
 * Every query shape the dashboard's list issues (issue 41) is served by a declared index, so
 * MongoDB reads a page along an index in sort order instead of sorting the seller's orders. The
 * shapes come from the contract: every sort field, both orders, every status filter and the
 * hide-shipped toggle, and each way a page starts (page 1, a page by number, after a cursor's entry
 * holding a value or none). mongo-java-server, the test server, has no `explain` that says which
 * index a query used, so the shapes are checked against the declared indexes by MongoDB's rules.
 */
const declaredIndexes = trackingEntryModel(mongoose.createConnection())
  .schema.indexes()
  .map(([keys]) => Object.entries(keys as Record<string, 1 | -1>));

type Filter = Record<string, unknown>;

const isRange = (value: unknown) =>
  !!value &&
  typeof value === 'object' &&
  ['$lt', '$lte', '$gt', '$gte'].some((operator) => operator in value);
/** Equalities, or an `$in` of values (points MongoDB reads one by one and merges in sort order). */
const isPoint = (value: unknown) =>
  value === null ||
  typeof value !== 'object' ||
  value instanceof Date ||
  value instanceof Types.ObjectId ||
  Object.keys(value).every((operator) => operator === '$in' || operator === '$eq');

/**
 * Whether MongoDB serves the query from the index without sorting: the index starts with the
 * fields the filter fixes (other than sort fields), then holds the sort fields in order, all in
 * the index's directions or all reversed; a range is on a sort field; an `$or` names index fields
 * only (tested on the keys).
 */
function serves(index: [string, 1 | -1][], filter: Filter, sort: Record<string, 1 | -1>) {
  const sortKeys = Object.entries(sort);
  const sortFields = new Set(sortKeys.map(([field]) => field));
  const fields = Object.entries(filter).filter(([field]) => field !== '$or');
  if (fields.some(([, value]) => !isPoint(value) && !isRange(value))) return false;
  if (fields.some(([field, value]) => isRange(value) && !sortFields.has(field))) return false;
  const fixed = new Set(
    fields.filter(([field, value]) => isPoint(value) && !sortFields.has(field)).map(([f]) => f),
  );
  const prefix = index.slice(0, fixed.size).map(([field]) => field);
  if (prefix.length !== fixed.size || !prefix.every((field) => fixed.has(field))) return false;
  const rest = index.slice(fixed.size, fixed.size + sortKeys.length);
  if (rest.length !== sortKeys.length) return false;
  const flipped = rest[0]![1] !== sortKeys[0]![1];
  const inOrder = rest.every(
    ([field, direction], i) =>
      field === sortKeys[i]![0] && (direction === sortKeys[i]![1]) !== flipped,
  );
  const indexFields = new Set(index.map(([field]) => field));
  const orFields = ((filter.$or as Filter[] | undefined) ?? []).flatMap((part) =>
    Object.keys(part),
  );
  return inOrder && orFields.every((field) => indexFields.has(field));
}

const id = new Types.ObjectId();
const starts: [string, PageStart][] = [
  ['page 1', { page: 1 }],
  ['page 3 by number', { page: 3 }],
  ['after a value', { page: 2, after: { value: 'm', id } }],
  ['after a date', { page: 2, after: { value: new Date(0), id } }],
  ['after no value', { page: 2, after: { value: null, id } }],
];

describe('the declared indexes of tracking entries', () => {
  const shapes = trackingEntrySortFields.flatMap((sortBy) =>
    (['asc', 'desc'] as const).flatMap((sortOrder) =>
      (['all', ...trackingEntryStatuses] as const).flatMap((status) =>
        [true, false].flatMap((omitShipped) =>
          starts.flatMap(([startName, start]) =>
            pageReadsOf(
              listTrackingEntriesQuery.parse({
                sortBy,
                sortOrder,
                status,
                omitShipped: String(omitShipped),
              }),
              start,
            ).map((read) => ({
              name: `${sortBy} ${sortOrder} status=${status} omitShipped=${omitShipped} ${startName}`,
              filter: { accountId: 'seller', ...read.filter } as Filter,
              sort: read.sort,
            })),
          ),
        ),
      ),
    ),
  );

  it('serve every query of the list in sort order, whatever its sort, filter and page', () => {
    expect(shapes.length).toBeGreaterThan(12 * 2 * 7 * 2 * 5);
    const unserved = shapes
      .filter(({ filter, sort }) => !declaredIndexes.some((index) => serves(index, filter, sort)))
      .map(({ name }) => name);
    expect(unserved).toEqual([]);
  });

  it('are checked by a rule that refuses a query no index serves', () => {
    const byName = { accountId: 'seller', lastName: 'Lovelace' };
    expect(declaredIndexes.some((index) => serves(index, byName, { createdAt: -1, _id: -1 }))).toBe(
      false,
    );
    const hidingShipped = { accountId: 'seller', status: { $nin: ['shipped', 'delivered'] } };
    expect(
      declaredIndexes.some((index) => serves(index, hidingShipped, { email: 1, _id: 1 })),
    ).toBe(false);
  });
});

/**
 * Whether MongoDB reads a search's candidates from one range of the index: the index starts with
 * fields the filter fixes (equalities, or `$all` of values on a list field, which MongoDB bounds by
 * one of them), among them the account and each `$all` field, so the range holds only entries of
 * the seller that hold a key of the term. What else the filter asks is tested on those candidates,
 * which are sorted in memory (a search answers at most 100, newest first).
 */
function narrowsToKeys(index: [string, 1 | -1][], filter: Filter) {
  const isKeys = (value: unknown) =>
    !!value &&
    typeof value === 'object' &&
    Object.keys(value).length === 1 &&
    Array.isArray((value as { $all?: unknown }).$all) &&
    (value as { $all: unknown[] }).$all.every((key) => typeof key === 'string');
  const fixed = (field: string) =>
    field in filter && (isPoint(filter[field]) || isKeys(filter[field]));
  const leading: string[] = [];
  for (const [field] of index) {
    if (!fixed(field)) break;
    leading.push(field);
  }
  const keyFields = Object.keys(filter).filter((field) => isKeys(filter[field]));
  return (
    leading.includes('accountId') &&
    keyFields.length > 0 &&
    keyFields.every((field) => leading.includes(field))
  );
}

describe('the declared index of search', () => {
  const long = 'Hand-thrown stoneware teapot, celadon glaze';
  // Terms of each kind the search reads differently: one and two characters (word starts), three,
  // more, and more than the grams it looks up.
  const terms = ['t', '#3', 'lo', 'mug', 'buyer42', long];
  const shapes = terms.flatMap((q) =>
    (['all', ...trackingEntryStatuses] as const).map((status) => ({
      name: `q=${q} status=${status}`,
      filter: { accountId: 'seller', ...searchFilterOf(q, status) } as Filter,
    })),
  );

  it("reads every search's candidates from one range: the seller's entries holding a key of the term", () => {
    expect((searchFilterOf(long, 'all')?.searchGrams as { $all: string[] }).$all).toHaveLength(
      MAX_LOOKED_UP_GRAMS,
    );
    const unserved = shapes
      .filter(({ filter }) => !declaredIndexes.some((index) => narrowsToKeys(index, filter)))
      .map(({ name }) => name);
    expect(unserved).toEqual([]);
  });

  it('is checked by a rule that refuses a search by the pattern alone, or by keys without the account', () => {
    const byPattern = { accountId: 'seller', searchText: /buyer42/u };
    expect(declaredIndexes.some((index) => narrowsToKeys(index, byPattern))).toBe(false);
    const everySeller = { searchGrams: { $all: ['buy', 'r42'] } };
    expect(declaredIndexes.some((index) => narrowsToKeys(index, everySeller))).toBe(false);
  });
});

describe('the declared indexes of tracking entries, for reports', () => {
  // A report's filters are "contains" patterns that no index answers; MongoDB tests them on the
  // entries it reads along the sort's index. What must not happen is a sort in memory of every
  // order of the seller, which the unfiltered report, a page or the whole export, would cost.
  const shapes = reportSortFields.flatMap((sortBy) =>
    (['asc', 'desc'] as const).map((sortDir) => ({
      name: `sortBy=${sortBy} ${sortDir}`,
      filter: { accountId: 'seller', ...reportQueryOf({ sortBy, sortDir }) } as Filter,
      sort: reportSortOf(sortBy, sortDir) as Record<string, 1 | -1>,
    })),
  );

  it('serve every sort of the report in sort order, customer last name and country included', () => {
    const unserved = shapes
      .filter(({ filter, sort }) => !declaredIndexes.some((index) => serves(index, filter, sort)))
      .map(({ name }) => name);
    expect(unserved).toEqual([]);
  });
});
