import { type FaultAndRequestAdmin } from './operations.js';

/** Calls to a simulator's `/_admin` API in another process. */
export interface AdminHttp {
  /** JSON in, JSON out (undefined for 204); throws on any other status than 2xx. */
  call<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** A GET that answers undefined for 404. */
  find<T>(path: string): Promise<T | undefined>;
  /** Whether the call was done (204); for operations that answer yes or no. */
  done(method: string, path: string): Promise<boolean>;
  /** A filter as a query string, undefined fields left out. */
  query(filter?: object): string;
}

/**
 * The admin API of the simulator at `url`; `name` starts the message of a failed call.
 *
 * @example
 * const http = adminHttp('http://127.0.0.1:4020', 'tracking-sim');
 * await http.call('POST', '/clock', { advanceMs: 60_000 });
 */
export function adminHttp(url: string, name: string): AdminHttp {
  const base = `${url.replace(/\/$/, '')}/_admin`;
  async function send(method: string, path: string, body: unknown, allow404: boolean) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
    if (allow404 && response.status === 404) return undefined;
    if (!response.ok) {
      const text = await response.text();
      throw new Error(`${name} admin ${method} ${path}: ${response.status} ${text}`);
    }
    return response.status === 204 ? undefined : ((await response.json()) as unknown);
  }
  return {
    call: async <T>(method: string, path: string, body?: unknown) =>
      (await send(method, path, body, false)) as T,
    find: async <T>(path: string) => (await send('GET', path, undefined, true)) as T | undefined,
    done: async (method, path) => (await fetch(`${base}${path}`, { method })).status === 204,
    query: (filter = {}) =>
      new URLSearchParams(
        Object.entries(filter).flatMap(([key, value]): [string, string][] =>
          value === undefined ? [] : [[key, String(value)]],
        ),
      ).toString(),
  };
}

/** The fault and request operations over a simulator's admin API. */
export function faultAndRequestClient<F, Filter extends object, R>(
  http: AdminHttp,
): FaultAndRequestAdmin<F, Filter, R> {
  return {
    setFaults: (faults) => http.call('POST', '/faults', faults),
    getFaults: () => http.call('GET', '/faults'),
    clearFaults: () => http.call('DELETE', '/faults'),
    // Without a filter the server's `count` is its `total`.
    requestCount: async (filter) =>
      (await http.call<{ count: number }>('GET', `/requests?${http.query(filter)}`)).count,
    requests: async (filter) =>
      (await http.call<{ requests: R[] }>('GET', `/requests?${http.query(filter)}`)).requests,
    resetRequests: () => http.call('DELETE', '/requests'),
  };
}
