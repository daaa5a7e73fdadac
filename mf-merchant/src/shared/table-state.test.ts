import { describe, expect, it } from 'vitest';
import {
  ariaSort,
  defaultTableQuery,
  filterByStatus,
  goToPage,
  pageSizeOf,
  rangeLabel,
  setHideShipped,
  sortByColumn,
  sortByField,
  sortIndicator,
  sortInOrder,
  withPageSize,
  sortOrderLabels,
} from './table-state.js';

describe('dashboard table state', () => {
  it('starts on page 1 with 25 rows, newest created first, shipped orders hidden', () => {
    expect(defaultTableQuery).toEqual({
      page: 1,
      limit: 25,
      sortBy: 'createdAt',
      sortOrder: 'desc',
      status: 'all',
      omitShipped: true,
    });
  });

  it('flips the direction when the sorted column is clicked again', () => {
    const once = sortByColumn({ ...defaultTableQuery, page: 3 }, 'createdAt');
    expect(once).toMatchObject({ sortBy: 'createdAt', sortOrder: 'asc', page: 1 });
    expect(sortByColumn(once, 'createdAt').sortOrder).toBe('desc');
  });

  it('sorts a new text column A to Z and a new date column newest first', () => {
    expect(sortByColumn(defaultTableQuery, 'orderNumber')).toMatchObject({
      sortBy: 'orderNumber',
      sortOrder: 'asc',
    });
    expect(sortByColumn(defaultTableQuery, 'shippedAt')).toMatchObject({
      sortBy: 'shippedAt',
      sortOrder: 'desc',
    });
  });

  it('sorts by a field chosen from the sort control, last updated included', () => {
    const onPage3 = { ...defaultTableQuery, sortBy: 'email' as const, page: 3 };
    expect(sortByField(onPage3, 'updatedAt')).toMatchObject({
      sortBy: 'updatedAt',
      sortOrder: 'desc',
      page: 1,
    });
    expect(sortByField(onPage3, 'courier')).toMatchObject({ sortOrder: 'asc', page: 1 });
    // Choosing the field already sorted by keeps the direction and the page.
    expect(sortByField(onPage3, 'email')).toBe(onPage3);
  });

  it('sets the direction chosen from the sort control, on page 1', () => {
    const onPage3 = { ...defaultTableQuery, page: 3 };
    expect(sortInOrder(onPage3, 'asc')).toMatchObject({
      sortBy: 'createdAt',
      sortOrder: 'asc',
      page: 1,
    });
    expect(sortInOrder(onPage3, 'desc')).toBe(onPage3);
  });

  it('names the directions in the words of the field', () => {
    expect(sortOrderLabels('updatedAt')).toEqual({ asc: 'Oldest first', desc: 'Newest first' });
    expect(sortOrderLabels('email')).toEqual({ asc: 'A to Z', desc: 'Z to A' });
  });

  it('goes back to page 1 when the status filter or the hide-shipped toggle changes', () => {
    const onPage4 = { ...defaultTableQuery, page: 4 };
    expect(filterByStatus(onPage4, 'delivered')).toMatchObject({ status: 'delivered', page: 1 });
    expect(setHideShipped(onPage4, false)).toMatchObject({ omitShipped: false, page: 1 });
  });

  it('keeps the page within the pages there are', () => {
    expect(goToPage(defaultTableQuery, 9, 4).page).toBe(4);
    expect(goToPage(defaultTableQuery, 0, 4).page).toBe(1);
    expect(goToPage(defaultTableQuery, 2, 0).page).toBe(1);
  });

  it('marks only the sorted column, in both drawing and announcement', () => {
    expect(sortIndicator(defaultTableQuery, 'createdAt')).toBe('▼');
    expect(sortIndicator(defaultTableQuery, 'email')).toBe('');
    expect(ariaSort({ ...defaultTableQuery, sortOrder: 'asc' }, 'createdAt')).toBe('ascending');
    expect(ariaSort(defaultTableQuery, 'email')).toBeUndefined();
  });

  it('describes the rows shown on a page', () => {
    expect(rangeLabel(2, 25, 60)).toBe('Showing 26–50 of 60');
    expect(rangeLabel(3, 25, 60)).toBe('Showing 51–60 of 60');
    expect(rangeLabel(1, 25, 0)).toBe('No orders');
  });
});

describe('the page size the seller chose', () => {
  it('keeps a size the dashboard offers and falls back to 25 for anything else', () => {
    expect(pageSizeOf('250')).toBe(250);
    expect(pageSizeOf('50')).toBe(50);
    expect(pageSizeOf('30')).toBe(25);
    expect(pageSizeOf('lots')).toBe(25);
    expect(pageSizeOf(null)).toBe(25);
  });

  it('goes back to the first page with another size', () => {
    expect(withPageSize({ ...defaultTableQuery, page: 4 }, 100)).toEqual({
      ...defaultTableQuery,
      page: 1,
      limit: 100,
    });
  });
});
