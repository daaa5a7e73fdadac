import { shippingStatuses, type Order, type ShippingStatus } from './order.js';

export const defaultPageLimit = 20;
export const maxPageLimit = 100;

export const sortFields = ['created_at', 'updated_at', 'completed_at'] as const;
export type SortField = (typeof sortFields)[number];

const dateFilters = [
  'updated_at_from',
  'updated_at_to',
  'completed_at_from',
  'completed_at_to',
] as const;
type DateFilter = (typeof dateFilters)[number];

export interface OrderQuery {
  limit: number;
  offset: number;
  sort: { field: SortField; descending: boolean };
  shippingStatus?: ShippingStatus;
  dates: Partial<Record<DateFilter, number>>;
  search?: string;
}

export class QueryError extends Error {
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(message);
  }
}

type RawQuery = Record<string, string | string[] | undefined>;

function single(query: RawQuery, key: string): string | undefined {
  const value = query[key];
  // A repeated parameter counts as its last value, as Rails would read it.
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function nonNegativeInteger(query: RawQuery, key: string): number | undefined {
  const text = single(query, key);
  if (text === undefined || text === '') return undefined;
  if (!/^\d+$/.test(text)) throw new QueryError(key, `${key} must be a whole number`);
  return Number(text);
}

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/** A date filter takes a date or a date-time; a bare date in a `_to` filter means the end of that day. */
function parseDate(key: DateFilter, text: string): number {
  const isTo = key.endsWith('_to');
  if (dateOnly.test(text)) {
    const start = Date.parse(`${text}T00:00:00.000Z`);
    if (Number.isNaN(start)) throw new QueryError(`filter[${key}]`, `filter[${key}] is not a date`);
    return isTo ? start + 24 * 60 * 60_000 - 1 : start;
  }
  const value = Date.parse(text);
  if (Number.isNaN(value) || !/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    throw new QueryError(`filter[${key}]`, `filter[${key}] must be an ISO 8601 date or date-time`);
  }
  return value;
}

/** Reads the list query of `GET /v1/accounts/{id}/orders`; throws QueryError for what it refuses. */
export function parseOrderQuery(query: RawQuery): OrderQuery {
  const limit = nonNegativeInteger(query, 'page[limit]') ?? defaultPageLimit;
  if (limit < 1) throw new QueryError('page[limit]', 'page[limit] must be at least 1');
  const offset = nonNegativeInteger(query, 'page[offset]') ?? 0;

  const rawSort = single(query, 'sort') ?? '-created_at';
  const prefixed = rawSort.startsWith('-');
  const field = (prefixed ? rawSort.slice(1) : rawSort) as SortField;
  if (!sortFields.includes(field)) {
    throw new QueryError(
      'sort',
      `sort must be one of ${sortFields.join(', ')} (optionally with a - prefix)`,
    );
  }
  const direction = single(query, 'sort_direction');
  if (direction !== undefined && direction !== 'asc' && direction !== 'desc') {
    throw new QueryError('sort_direction', 'sort_direction must be asc or desc');
  }
  if (prefixed && direction === 'asc') {
    throw new QueryError(
      'sort_direction',
      'sort=-field and sort_direction=asc contradict each other',
    );
  }

  const result: OrderQuery = {
    limit: Math.min(limit, maxPageLimit),
    offset,
    sort: { field, descending: prefixed || direction === 'desc' },
    dates: {},
  };

  for (const key of Object.keys(query)) {
    const filter = /^filter\[(.+)\]$/.exec(key)?.[1];
    if (filter === undefined) continue;
    const value = single(query, key) ?? '';
    if (filter === 'shipping_status') {
      if (!(shippingStatuses as readonly string[]).includes(value)) {
        throw new QueryError(key, `${key} must be one of ${shippingStatuses.join(', ')}`);
      }
      result.shippingStatus = value as ShippingStatus;
    } else if ((dateFilters as readonly string[]).includes(filter)) {
      result.dates[filter as DateFilter] = parseDate(filter as DateFilter, value);
    } else {
      throw new QueryError(key, `unknown filter ${key}`);
    }
  }

  const search = single(query, 'search')?.trim();
  if (search) result.search = search.toLowerCase();
  return result;
}

export function orderMatches(order: Order, query: OrderQuery): boolean {
  if (query.shippingStatus && order.shippingStatus !== query.shippingStatus) return false;
  const { dates } = query;
  if (dates.updated_at_from !== undefined && order.updatedAt < dates.updated_at_from) return false;
  if (dates.updated_at_to !== undefined && order.updatedAt > dates.updated_at_to) return false;
  if (dates.completed_at_from !== undefined && order.completedAt < dates.completed_at_from)
    return false;
  if (dates.completed_at_to !== undefined && order.completedAt > dates.completed_at_to)
    return false;
  if (query.search) {
    const name = `${order.customerFirstName} ${order.customerLastName}`.toLowerCase();
    const needle = query.search;
    if (
      !name.includes(needle) &&
      !order.customerEmail.toLowerCase().includes(needle) &&
      !order.id.toLowerCase().includes(needle)
    ) {
      return false;
    }
  }
  return true;
}

/**
 * Sort and filter fields of every order of a store in typed arrays (25 bytes an order), so a filtered
 * or re-sorted page scans numbers instead of rebuilding every order.
 */
export class OrderSummary {
  readonly createdAt: Float64Array;
  readonly updatedAt: Float64Array;
  readonly completedAt: Float64Array;
  readonly shipped: Uint8Array;

  constructor(readonly count: number) {
    this.createdAt = new Float64Array(count);
    this.updatedAt = new Float64Array(count);
    this.completedAt = new Float64Array(count);
    this.shipped = new Uint8Array(count);
  }

  set(order: Order): void {
    this.createdAt[order.index] = order.createdAt;
    this.updatedAt[order.index] = order.updatedAt;
    this.completedAt[order.index] = order.completedAt;
    this.shipped[order.index] = order.shippingStatus === 'shipped' ? 1 : 0;
  }

  matches(index: number, query: OrderQuery): boolean {
    if (
      query.shippingStatus &&
      (this.shipped[index] === 1) !== (query.shippingStatus === 'shipped')
    ) {
      return false;
    }
    const { dates } = query;
    const updated = this.updatedAt[index]!;
    const completed = this.completedAt[index]!;
    if (dates.updated_at_from !== undefined && updated < dates.updated_at_from) return false;
    if (dates.updated_at_to !== undefined && updated > dates.updated_at_to) return false;
    if (dates.completed_at_from !== undefined && completed < dates.completed_at_from) return false;
    if (dates.completed_at_to !== undefined && completed > dates.completed_at_to) return false;
    return true;
  }

  key(field: SortField, index: number): number {
    const column =
      field === 'created_at'
        ? this.createdAt
        : field === 'updated_at'
          ? this.updatedAt
          : this.completedAt;
    return column[index]!;
  }
}

export interface OrderSource {
  readonly ordersCount: number;
  orderAt(index: number): Order;
  summaries(): OrderSummary;
}

export interface OrderPage {
  total: number;
  orders: Order[];
}

/**
 * One page of a store's orders. Ties on the sort field fall back to creation order, so paging is
 * stable. Creation time grows with the order index, so the common case (no filter, sorted by
 * created_at) reads only the page; anything else scans the store's summary (and, for a search, its
 * orders) once per request.
 */
export function listOrders(source: OrderSource, query: OrderQuery): OrderPage {
  const { limit, offset, sort } = query;
  const unfiltered =
    !query.shippingStatus && !query.search && Object.keys(query.dates).length === 0;
  if (unfiltered && sort.field === 'created_at') {
    const total = source.ordersCount;
    const orders: Order[] = [];
    for (let k = offset; k < Math.min(total, offset + limit); k += 1) {
      orders.push(source.orderAt(sort.descending ? total - 1 - k : k));
    }
    return { total, orders };
  }

  const keys: number[] = [];
  const indexes: number[] = [];
  const summary = source.summaries();
  for (let index = 0; index < source.ordersCount; index += 1) {
    if (!summary.matches(index, query)) continue;
    // Search reads names and emails, which the summary does not hold.
    if (query.search && !orderMatches(source.orderAt(index), query)) continue;
    keys.push(summary.key(sort.field, index));
    indexes.push(index);
  }
  const positions = Array.from(indexes.keys());
  const sign = sort.descending ? -1 : 1;
  positions.sort((a, b) => sign * (keys[a]! - keys[b]! || indexes[a]! - indexes[b]!));
  const orders = positions
    .slice(offset, offset + limit)
    .map((position) => source.orderAt(indexes[position]!));
  return { total: positions.length, orders };
}
