export interface RequestRecord {
  method: string;
  /** Path without the query. */
  path: string;
  /** Path and query as sent. */
  url: string;
  /** The route that answered, e.g. `/v1/accounts/:accountId/orders`; the path when none did. */
  route: string;
  status: number;
  accountId: string | undefined;
  userAgent: string | undefined;
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
  accountId?: string;
}

const keep = 10_000;

function matches(record: RequestRecord, filter: RequestFilter): boolean {
  return (
    (filter.method === undefined || record.method === filter.method.toUpperCase()) &&
    (filter.route === undefined || record.route === filter.route) &&
    (filter.pathPrefix === undefined || record.path.startsWith(filter.pathPrefix)) &&
    (filter.status === undefined || record.status === filter.status) &&
    (filter.accountId === undefined || record.accountId === filter.accountId)
  );
}

/** Every request except the admin API's, so tests can say how many calls a client made. */
export class RequestLog {
  private records: RequestRecord[] = [];
  private total = 0;

  add(record: RequestRecord): void {
    this.total += 1;
    this.records.push(record);
    // Bounded so a long benchmark does not grow memory; counts beyond it stay exact in `total`.
    if (this.records.length > keep * 2) this.records = this.records.slice(-keep);
  }

  /** Without a filter, every request since the last reset; with one, among those retained (at least the latest 10,000). */
  count(filter?: RequestFilter): number {
    if (!filter || Object.keys(filter).length === 0) return this.total;
    return this.records.filter((record) => matches(record, filter)).length;
  }

  list(filter: RequestFilter = {}): RequestRecord[] {
    return this.records.filter((record) => matches(record, filter)).slice(-keep);
  }

  reset(): void {
    this.records = [];
    this.total = 0;
  }
}
