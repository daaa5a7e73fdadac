import { type StoreFrontSimAdmin } from './admin.js';
import { type RequestFilter } from './state/request-log.js';

/**
 * The admin operations over HTTP, for a simulator running in another process (for example the one
 * `npm start` runs).
 *
 * @example
 * const admin = connectStoreFrontSimAdmin('http://127.0.0.1:4010');
 * await admin.setFaults({ rateLimit: { next: 2, retryAfterSeconds: 1 } });
 */
export function connectStoreFrontSimAdmin(url: string): StoreFrontSimAdmin {
  const base = url.replace(/\/$/, '');
  async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    allow404 = false,
  ): Promise<T | undefined> {
    const response = await fetch(`${base}/_admin${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
    if (allow404 && response.status === 404) return undefined;
    if (!response.ok) {
      const text = await response.text();
      throw new Error(`storefront-sim admin ${method} ${path}: ${response.status} ${text}`);
    }
    return response.status === 204 ? undefined : ((await response.json()) as T);
  }
  const query = (filter: RequestFilter = {}) =>
    new URLSearchParams(
      Object.entries(filter).flatMap(([key, value]): [string, string][] =>
        value === undefined ? [] : [[key, String(value)]],
      ),
    ).toString();

  return {
    listStores: async () =>
      (await call<{ stores: Awaited<ReturnType<StoreFrontSimAdmin['listStores']>> }>(
        'GET',
        '/stores',
      ))!.stores,
    createStore: async (options = {}) => (await call('POST', '/stores', options))!,
    changeOrders: async (accountId, changes) =>
      (await call('POST', `/stores/${encodeURIComponent(accountId)}/orders`, changes))!,
    issueToken: async (accountId) =>
      (await call<{ accessToken: string }>(
        'POST',
        `/stores/${encodeURIComponent(accountId)}/tokens`,
        {},
      ))!.accessToken,
    revokeToken: async (token) => {
      const response = await fetch(`${base}/_admin/tokens/${encodeURIComponent(token)}/revoke`, {
        method: 'POST',
      });
      return response.status === 204;
    },
    signIn: async (accountId) => {
      await call('POST', '/session', { accountId });
    },
    getOrder: (accountId, orderId) =>
      call(
        'GET',
        `/orders/${encodeURIComponent(accountId)}/${encodeURIComponent(orderId)}`,
        undefined,
        true,
      ),
    setFaults: async (faults) => (await call('POST', '/faults', faults))!,
    getFaults: async () => (await call('GET', '/faults'))!,
    clearFaults: async () => {
      await call('DELETE', '/faults');
    },
    setStoreFaults: async (accountId, faults) =>
      (await call('POST', `/stores/${encodeURIComponent(accountId)}/faults`, faults))!,
    getStoreFaults: async (accountId) =>
      (await call('GET', `/stores/${encodeURIComponent(accountId)}/faults`))!,
    clearStoreFaults: async (accountId) => {
      await call('DELETE', `/stores/${encodeURIComponent(accountId)}/faults`);
    },
    requestCount: async (filter) => {
      const result = await call<{ count: number; total: number }>(
        'GET',
        `/requests?${query(filter)}`,
      );
      return filter ? result!.count : result!.total;
    },
    requests: async (filter) =>
      (await call<{ requests: Awaited<ReturnType<StoreFrontSimAdmin['requests']>> }>(
        'GET',
        `/requests?${query(filter)}`,
      ))!.requests,
    resetRequests: async () => {
      await call('DELETE', '/requests');
    },
  };
}
