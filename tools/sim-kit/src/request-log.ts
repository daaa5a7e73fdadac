/** What every simulator records of an API request; a simulator adds its own facts (`extends`). */
export interface RequestRecord {
  method: string;
  /** Path without the query. */
  path: string;
  /** Path and query as sent. */
  url: string;
  /** The route that answered, e.g. `/v2/trackers/:id`; the path when none did. */
  route: string;
  status: number;
  /** Epoch milliseconds when the request arrived. */
  at: number;
  durationMs: number;
}

export interface RequestFilter {
  method?: string;
  /** Exact route pattern, e.g. `/v1/accounts/:accountId/orders`. */
  route?: string;
  /** Path starts with this. */
  pathPrefix?: string;
  status?: number;
}

const keep = 10_000;

function matchesBase(record: RequestRecord, filter: RequestFilter): boolean {
  return (
    (filter.method === undefined || record.method === filter.method.toUpperCase()) &&
    (filter.route === undefined || record.route === filter.route) &&
    (filter.pathPrefix === undefined || record.path.startsWith(filter.pathPrefix)) &&
    (filter.status === undefined || record.status === filter.status)
  );
}

/**
 * Every API request (admin ones excluded), so tests can say how a client behaved: how many calls,
 * retries, backoff. `matchesMore` matches the simulator's own filter fields.
 *
 * @example
 * const log = new RequestLog<StoreRequest, StoreRequestFilter>(
 *   (record, filter) => filter.accountId === undefined || record.accountId === filter.accountId,
 * );
 */
export class RequestLog<
  R extends RequestRecord = RequestRecord,
  F extends RequestFilter = RequestFilter,
> {
  private records: R[] = [];
  private total = 0;

  constructor(private readonly matchesMore: (record: R, filter: F) => boolean = () => true) {}

  add(record: R): void {
    this.total += 1;
    this.records.push(record);
    // Bounded so a long benchmark does not grow memory; counts beyond it stay exact in `total`.
    if (this.records.length > keep * 2) this.records = this.records.slice(-keep);
  }

  /** Without a filter, every request since the last reset; with one, among those retained (at least the latest 10,000). */
  count(filter?: F): number {
    if (!filter || Object.keys(filter).length === 0) return this.total;
    return this.records.filter((record) => this.matches(record, filter)).length;
  }

  /** The latest 10,000 matching requests at the most, oldest first. */
  list(filter?: F): R[] {
    const records = filter
      ? this.records.filter((record) => this.matches(record, filter))
      : this.records;
    return records.slice(-keep);
  }

  reset(): void {
    this.records = [];
    this.total = 0;
  }

  private matches(record: R, filter: F): boolean {
    return matchesBase(record, filter) && this.matchesMore(record, filter);
  }
}
