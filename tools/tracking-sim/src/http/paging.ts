import { badRequest } from './errors.js';

export const defaultPageSize = 20;
export const maxPageSize = 100;

export interface PageParams {
  pageSize: number;
  beforeId?: string;
  afterId?: string;
}

/** Reads EasyPost's paging parameters: page_size (default 20, at most 100), before_id, after_id. */
export function readPageParams(query: Record<string, unknown>): PageParams {
  const text = (name: string) => (typeof query[name] === 'string' ? query[name] : undefined);
  const size = text('page_size');
  let pageSize = defaultPageSize;
  if (size !== undefined && size !== '') {
    pageSize = Number(size);
    if (!Number.isInteger(pageSize) || pageSize < 1) {
      throw badRequest('page_size must be a whole number from 1 to 100.');
    }
    pageSize = Math.min(pageSize, maxPageSize);
  }
  const beforeId = text('before_id') || undefined;
  const afterId = text('after_id') || undefined;
  if (beforeId && afterId) throw badRequest('Use before_id or after_id, not both.');
  return { pageSize, ...(beforeId ? { beforeId } : {}), ...(afterId ? { afterId } : {}) };
}

/**
 * One page of a list that is newest first: `before_id` pages towards older records (what the
 * SDK's `getNextPage` sends), `after_id` towards newer ones. An id that is not in the list is
 * refused.
 */
export function page<T extends { id: string }>(
  newestFirst: T[],
  params: PageParams,
): { items: T[]; hasMore: boolean } {
  let candidates = newestFirst;
  const anchor = params.beforeId ?? params.afterId;
  if (anchor !== undefined) {
    const index = newestFirst.findIndex((item) => item.id === anchor);
    if (index < 0) throw badRequest(`${anchor} does not match any record in this list.`);
    candidates = params.beforeId ? newestFirst.slice(index + 1) : newestFirst.slice(0, index);
  }
  if (params.afterId) {
    // The records right after the anchor, still newest first.
    const items = candidates.slice(-params.pageSize);
    return { items, hasMore: candidates.length > items.length };
  }
  return {
    items: candidates.slice(0, params.pageSize),
    hasMore: candidates.length > params.pageSize,
  };
}
