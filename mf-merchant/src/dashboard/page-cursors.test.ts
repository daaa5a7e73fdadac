import { describe, expect, it } from 'vitest';
import {
  defaultTableQuery,
  filterByStatus,
  goToPage,
  withPageSize,
  type TableQuery,
} from '../shared/table-state.js';
import { listRequestOf, noPageCursors, withAnswer } from './page-cursors.js';

const pagination = (page: number, nextCursor?: string) => ({
  page,
  limit: 25,
  total: 60,
  pages: 3,
  ...(nextCursor ? { nextCursor } : {}),
});

const onPage = (query: TableQuery, page: number) => goToPage(query, page, 3);

describe('the cursors of the dashboard list', () => {
  it('asks for page 1, and a page never reached from the one before, by number', () => {
    expect(listRequestOf(defaultTableQuery, noPageCursors)).toEqual(defaultTableQuery);
    const afterPage1 = withAnswer(noPageCursors, defaultTableQuery, pagination(1, 'c2'));
    expect(listRequestOf(onPage(defaultTableQuery, 3), afterPage1)).not.toHaveProperty('cursor');
  });

  it('reads each page after one answered with the cursor that answer handed out, back and forth', () => {
    const afterPage1 = withAnswer(noPageCursors, defaultTableQuery, pagination(1, 'c2'));
    const page2 = onPage(defaultTableQuery, 2);
    expect(listRequestOf(page2, afterPage1)).toEqual({ ...page2, cursor: 'c2' });
    const afterPage2 = withAnswer(afterPage1, page2, pagination(2, 'c3'));
    expect(listRequestOf(onPage(defaultTableQuery, 3), afterPage2).cursor).toBe('c3');
    // Back from page 3, page 2 is read from where page 1 ended, as before.
    expect(listRequestOf(page2, afterPage2).cursor).toBe('c2');
    expect(listRequestOf(defaultTableQuery, afterPage2)).not.toHaveProperty('cursor');
  });

  it('forgets a next page the list no longer has', () => {
    const page2 = onPage(defaultTableQuery, 2);
    const before = withAnswer(
      withAnswer(noPageCursors, defaultTableQuery, pagination(1, 'c2')),
      page2,
      pagination(2, 'c3'),
    );
    const now = withAnswer(before, page2, pagination(2));
    expect(listRequestOf(onPage(defaultTableQuery, 3), now)).not.toHaveProperty('cursor');
  });

  it('never sends a cursor of another sort, filter or page size', () => {
    const afterPage1 = withAnswer(noPageCursors, defaultTableQuery, pagination(1, 'c2'));
    const otherFilter = { ...filterByStatus(defaultTableQuery, 'pending'), page: 2 };
    const otherSize = { ...withPageSize(defaultTableQuery, 50), page: 2 };
    const otherSort = { ...defaultTableQuery, sortOrder: 'asc' as const, page: 2 };
    for (const other of [otherFilter, otherSize, otherSort]) {
      expect(listRequestOf(other, afterPage1)).not.toHaveProperty('cursor');
    }
    // An answer of another list starts its own set.
    const ofOther = withAnswer(afterPage1, otherFilter, pagination(2, 'p3'));
    expect(listRequestOf(onPage(defaultTableQuery, 2), ofOther)).not.toHaveProperty('cursor');
  });
});
