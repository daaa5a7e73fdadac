import { type TrackingSimAdmin } from './admin.js';

/**
 * The admin operations over HTTP, for a simulator running in another process (for example the one
 * `npm start -w @onvelope/tracking-sim` runs).
 *
 * @example
 * const admin = connectTrackingSimAdmin('http://127.0.0.1:4020');
 * await admin.setFaults({ webhookLoss: { next: 1 } });
 */
export function connectTrackingSimAdmin(url: string): TrackingSimAdmin {
  const base = url.replace(/\/$/, '');
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${base}/_admin${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
    if (!response.ok) {
      const text = await response.text();
      throw new Error(`tracking-sim admin ${method} ${path}: ${response.status} ${text}`);
    }
    return (response.status === 204 ? undefined : await response.json()) as T;
  }
  const query = (filter: object = {}) =>
    new URLSearchParams(
      Object.entries(filter).flatMap(([key, value]): [string, string][] =>
        value === undefined ? [] : [[key, String(value)]],
      ),
    ).toString();
  type Result<K extends keyof TrackingSimAdmin> = Awaited<ReturnType<TrackingSimAdmin[K]>>;

  return {
    listTrackers: async (filter) =>
      (await call<{ trackers: Result<'listTrackers'> }>('GET', `/trackers?${query(filter)}`))
        .trackers,
    previewLife: (trackingCode, carrier) =>
      call(
        'GET',
        `/lives/${encodeURIComponent(trackingCode)}${carrier ? `?${query({ carrier })}` : ''}`,
      ),
    addWebhook: (options) => call('POST', '/webhooks', options),
    listWebhooks: async () =>
      (await call<{ webhooks: Result<'listWebhooks'> }>('GET', '/webhooks')).webhooks,
    removeWebhook: async (id) => {
      const response = await fetch(`${base}/_admin/webhooks/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      });
      return response.status === 204;
    },
    deliveries: async (filter) =>
      (await call<{ deliveries: Result<'deliveries'> }>('GET', `/deliveries?${query(filter)}`))
        .deliveries,
    setFaults: (faults) => call('POST', '/faults', faults),
    getFaults: () => call('GET', '/faults'),
    clearFaults: () => call('DELETE', '/faults'),
    requestCount: async (filter) => {
      const result = await call<{ count: number; total: number }>(
        'GET',
        `/requests?${query(filter)}`,
      );
      return filter ? result.count : result.total;
    },
    requests: async (filter) =>
      (await call<{ requests: Result<'requests'> }>('GET', `/requests?${query(filter)}`)).requests,
    resetRequests: () => call('DELETE', '/requests'),
    advanceClock: async (ms) =>
      (await call<{ offsetMs: number }>('POST', '/clock', { advanceMs: ms })).offsetMs,
    reset: () => call('POST', '/reset'),
  };
}
