export interface RequestRecord {
  method: string;
  path: string;
  url: string;
  /** The matched route, e.g. `/v2/trackers/:id`, or the path when none matched. */
  route: string;
  status: number;
  /** The API key's mode, when the request got past authentication. */
  mode: string | undefined;
  at: number;
  durationMs: number;
}

export interface RequestFilter {
  method?: string;
  route?: string;
  pathPrefix?: string;
  status?: number;
}

const retained = 10_000;

/** Every API request (not admin ones): tests read how a client behaved (retries, backoff). */
export class RequestLog {
  private records: RequestRecord[] = [];
  private total = 0;

  add(record: RequestRecord): void {
    this.total += 1;
    this.records.push(record);
    if (this.records.length > retained * 1.2) this.records = this.records.slice(-retained);
  }

  list(filter: RequestFilter = {}): RequestRecord[] {
    return this.records.filter(
      (record) =>
        (filter.method === undefined || record.method === filter.method.toUpperCase()) &&
        (filter.route === undefined || record.route === filter.route) &&
        (filter.pathPrefix === undefined || record.path.startsWith(filter.pathPrefix)) &&
        (filter.status === undefined || record.status === filter.status),
    );
  }

  /** The exact total since the last reset without a filter; among retained requests with one. */
  count(filter?: RequestFilter): number {
    return filter && Object.keys(filter).length > 0 ? this.list(filter).length : this.total;
  }

  reset(): void {
    this.records = [];
    this.total = 0;
  }
}
