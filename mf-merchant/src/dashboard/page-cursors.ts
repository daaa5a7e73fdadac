import type { listTrackingEntries, ResponseOf } from '@onvelope/contracts';
import type { TableQuery } from '../shared/table-state.js';

type Pagination = ResponseOf<typeof listTrackingEntries>['pagination'];

/** What the dashboard sends for a page: its query, with the cursor that reads the page when known. */
export type ListRequest = TableQuery & { cursor?: string };

/**
 * The cursors the list has handed out (issue 41): for each page reached, the cursor that reads it
 * from where the page before ended, so Next, Previous and First never make the service skip over
 * the seller's book. They belong to one list: its sort, filters and page size (the service would
 * refuse another list's cursor anyway and read the page by number, skipping again).
 */
export interface PageCursors {
  list: string;
  byPage: ReadonlyMap<number, string>;
}

export const noPageCursors: PageCursors = { list: '', byPage: new Map() };

/** The list a query pages through: everything but the page. */
function listOf({ limit, sortBy, sortOrder, status, omitShipped }: TableQuery): string {
  return JSON.stringify([limit, sortBy, sortOrder, status, omitShipped]);
}

/**
 * The request for the query's page: with the cursor of that page when this list handed one out,
 * else by page number (page 1, and a page the seller never reached from the one before it).
 */
export function listRequestOf(query: TableQuery, cursors: PageCursors): ListRequest {
  const cursor = listOf(query) === cursors.list ? cursors.byPage.get(query.page) : undefined;
  return cursor ? { ...query, cursor } : query;
}

/**
 * The cursors after an answer to `query`: the page after the answer's is read with its
 * `nextCursor`. Another list starts a new set, so a changed sort, filter or page size starts from
 * page 1 with no cursor of the old one.
 */
export function withAnswer(
  cursors: PageCursors,
  query: TableQuery,
  pagination: Pagination,
): PageCursors {
  const list = listOf(query);
  const byPage = new Map(list === cursors.list ? cursors.byPage : []);
  if (pagination.nextCursor) byPage.set(pagination.page + 1, pagination.nextCursor);
  else byPage.delete(pagination.page + 1);
  return { list, byPage };
}
