import { trackingEntryPageSizes, type trackingEntrySortFields } from '@onvelope/contracts';

export type SortField = (typeof trackingEntrySortFields)[number];
export type SortOrder = 'asc' | 'desc';

/** spec 000 §9: the status filter's values. */
export const statusFilters = [
  'all',
  'pending',
  'processing',
  'shipped',
  'partially_shipped',
  'delivered',
] as const;
export type StatusFilter = (typeof statusFilters)[number];

/** What the dashboard asks the list for (spec 000 §3 "Dashboard paging state", §9 defaults). */
export interface TableQuery {
  page: number;
  limit: number;
  sortBy: SortField;
  sortOrder: SortOrder;
  status: StatusFilter;
  omitShipped: boolean;
}

/** spec 000 §9: page 1, limit 25, createdAt descending, omitShipped true. */
export const defaultTableQuery: TableQuery = {
  page: 1,
  limit: 25,
  sortBy: 'createdAt',
  sortOrder: 'desc',
  status: 'all',
  omitShipped: true,
};

const dateFields: ReadonlySet<SortField> = new Set([
  'createdAt',
  'orderDate',
  'shippedAt',
  'updatedAt',
]);

/** spec 000 §9: every sort field, with the words the sort control shows for it. */
export const sortFieldLabels: Record<SortField, string> = {
  createdAt: 'Created',
  updatedAt: 'Last updated',
  orderDate: 'Order date',
  shippedAt: 'Shipped date',
  orderNumber: 'Order number',
  firstName: 'Customer first name',
  email: 'Email',
  postcode: 'Postcode/Zipcode',
  status: 'Status',
  courier: 'Courier',
  trackingNumber: 'Tracking number',
  personalNote: 'Notes',
};

/**
 * Another sort field, chosen from the sort control: newest first for dates and A to Z for text
 * (what a seller looks for first), on page 1.
 */
export function sortByField(query: TableQuery, field: SortField): TableQuery {
  if (query.sortBy === field) return query;
  return { ...query, sortBy: field, sortOrder: dateFields.has(field) ? 'desc' : 'asc', page: 1 };
}

/** The sort control's words for the two directions of a field. */
export function sortOrderLabels(field: SortField): Record<SortOrder, string> {
  return dateFields.has(field)
    ? { asc: 'Oldest first', desc: 'Newest first' }
    : { asc: 'A to Z', desc: 'Z to A' };
}

/** A direction chosen from the sort control, on page 1. */
export function sortInOrder(query: TableQuery, sortOrder: SortOrder): TableQuery {
  return query.sortOrder === sortOrder ? query : { ...query, sortOrder, page: 1 };
}

/** A click on a column header: the same column flips its direction, another starts as it would. */
export function sortByColumn(query: TableQuery, field: SortField): TableQuery {
  if (query.sortBy === field) {
    return sortInOrder(query, query.sortOrder === 'asc' ? 'desc' : 'asc');
  }
  return sortByField(query, field);
}

/** A new status filter shows its first page. */
export function filterByStatus(query: TableQuery, status: StatusFilter): TableQuery {
  return { ...query, status, page: 1 };
}

/** The hide-shipped toggle shows the first page of the new set. */
export function setHideShipped(query: TableQuery, omitShipped: boolean): TableQuery {
  return { ...query, omitShipped, page: 1 };
}

/** Moves to a page, kept within 1..pages (an empty list still has page 1). */
export function goToPage(query: TableQuery, page: number, pages: number): TableQuery {
  const last = Math.max(1, pages);
  return { ...query, page: Math.min(Math.max(1, Math.floor(page)), last) };
}

/** The arrow a sortable header shows: ▲ ascending, ▼ descending, nothing when not sorted by it. */
export function sortIndicator(query: TableQuery, field: SortField): '▲' | '▼' | '' {
  if (query.sortBy !== field) return '';
  return query.sortOrder === 'asc' ? '▲' : '▼';
}

/** The aria-sort of a header, so the sort is announced, not only drawn. */
export function ariaSort(
  query: TableQuery,
  field: SortField,
): 'ascending' | 'descending' | undefined {
  if (query.sortBy !== field) return undefined;
  return query.sortOrder === 'asc' ? 'ascending' : 'descending';
}

/** The page size the seller chose before, if it is one the dashboard offers; else the default. */
export function pageSizeOf(stored: string | null): number {
  const size = Number(stored);
  return (trackingEntryPageSizes as readonly number[]).includes(size)
    ? size
    : defaultTableQuery.limit;
}

/** Another page size: back to page 1, since the old page number points elsewhere now. */
export function withPageSize(query: TableQuery, limit: number): TableQuery {
  return { ...query, limit, page: 1 };
}

/** "Showing 26–50 of 120" for the paging bar; "No orders" when the list is empty. */
export function rangeLabel(page: number, limit: number, total: number): string {
  if (total === 0) return 'No orders';
  const first = (page - 1) * limit + 1;
  const last = Math.min(page * limit, total);
  return `Showing ${first}–${last} of ${total}`;
}
