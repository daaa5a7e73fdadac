import { adminHttp, faultAndRequestClient } from '@onvelope/sim-kit';
import { type TrackingSimAdmin } from './admin.js';
import { type Faults } from './state/faults.js';
import { type RequestFilter, type RequestRecord } from './state/request-log.js';

/**
 * The admin operations over HTTP, for a simulator running in another process (for example the one
 * `npm start -w @onvelope/tracking-sim` runs).
 *
 * @example
 * const admin = connectTrackingSimAdmin('http://127.0.0.1:4020');
 * await admin.setFaults({ webhookLoss: { next: 1 } });
 */
export function connectTrackingSimAdmin(url: string): TrackingSimAdmin {
  const http = adminHttp(url, 'tracking-sim');
  type Result<K extends keyof TrackingSimAdmin> = Awaited<ReturnType<TrackingSimAdmin[K]>>;

  return {
    listTrackers: async (filter) =>
      (
        await http.call<{ trackers: Result<'listTrackers'> }>(
          'GET',
          `/trackers?${http.query(filter)}`,
        )
      ).trackers,
    previewLife: (trackingCode, carrier) =>
      http.call(
        'GET',
        `/lives/${encodeURIComponent(trackingCode)}${carrier ? `?${http.query({ carrier })}` : ''}`,
      ),
    addWebhook: (options) => http.call('POST', '/webhooks', options),
    listWebhooks: async () =>
      (await http.call<{ webhooks: Result<'listWebhooks'> }>('GET', '/webhooks')).webhooks,
    removeWebhook: (id) => http.done('DELETE', `/webhooks/${encodeURIComponent(id)}`),
    deliveries: async (filter) =>
      (
        await http.call<{ deliveries: Result<'deliveries'> }>(
          'GET',
          `/deliveries?${http.query(filter)}`,
        )
      ).deliveries,
    ...faultAndRequestClient<Faults, RequestFilter, RequestRecord>(http),
    advanceClock: async (ms) =>
      (await http.call<{ offsetMs: number }>('POST', '/clock', { advanceMs: ms })).offsetMs,
    reset: () => http.call('POST', '/reset'),
  };
}
