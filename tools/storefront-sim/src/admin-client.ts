import { adminHttp, faultAndRequestClient } from '@onvelope/sim-kit';
import { type StoreFrontSimAdmin } from './admin.js';
import { type Faults } from './state/faults.js';
import { type RequestFilter, type RequestRecord } from './state/request-log.js';

/**
 * The admin operations over HTTP, for a simulator running in another process (for example the one
 * `npm start` runs).
 *
 * @example
 * const admin = connectStoreFrontSimAdmin('http://127.0.0.1:4010');
 * await admin.setFaults({ rateLimit: { next: 2, retryAfterSeconds: 1 } });
 */
export function connectStoreFrontSimAdmin(url: string): StoreFrontSimAdmin {
  const http = adminHttp(url, 'storefront-sim');
  const store = (accountId: string) => `/stores/${encodeURIComponent(accountId)}`;
  type Result<K extends keyof StoreFrontSimAdmin> = Awaited<ReturnType<StoreFrontSimAdmin[K]>>;

  return {
    listStores: async () =>
      (await http.call<{ stores: Result<'listStores'> }>('GET', '/stores')).stores,
    createStore: (options = {}) => http.call('POST', '/stores', options),
    changeOrders: (accountId, changes) => http.call('POST', `${store(accountId)}/orders`, changes),
    issueToken: async (accountId) =>
      (await http.call<{ accessToken: string }>('POST', `${store(accountId)}/tokens`, {}))
        .accessToken,
    revokeToken: (token) => http.done('POST', `/tokens/${encodeURIComponent(token)}/revoke`),
    signIn: (accountId) => http.call('POST', '/session', { accountId }),
    getOrder: (accountId, orderId) =>
      http.find(`/orders/${encodeURIComponent(accountId)}/${encodeURIComponent(orderId)}`),
    setStoreFaults: (accountId, faults) => http.call('POST', `${store(accountId)}/faults`, faults),
    getStoreFaults: (accountId) => http.call('GET', `${store(accountId)}/faults`),
    clearStoreFaults: (accountId) => http.call('DELETE', `${store(accountId)}/faults`),
    ...faultAndRequestClient<Faults, RequestFilter, RequestRecord>(http),
  };
}
