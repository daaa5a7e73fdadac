import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnavailableMessage } from '@onvelope/service-kit/errors';
import { startAnalyticsService } from '@onvelope/svc-analytics';
import {
  startService,
  startTcpLink,
  testInfra,
  type StartedService,
  type TcpLink,
} from '@onvelope/testkit';
import { startOrdersHarness, type OrdersHarness } from './service-harness.js';
import { csvOf, type Caller } from './support.js';

/** Longer than any wait of the driver or mongoose (5 s server selection, 10 s buffering), with room for a loaded machine. */
const ANSWER_BOUND_MS = 25_000;

describe('seller calls during a MongoDB outage', () => {
  let link: TcpLink;
  let orders: OrdersHarness;
  let analytics: StartedService;
  let seller: Caller;
  let token: string;

  beforeAll(async () => {
    // The services reach MongoDB only through a link the test cuts: the server keeps running.
    // svc-analytics stands for the other services: all map errors through the service kit.
    link = await startTcpLink(testInfra().mongoUrl);
    orders = await startOrdersHarness({ env: { MONGO_URL: link.url } });
    analytics = await startService(startAnalyticsService, {
      AUTH_JWKS_URL: orders.issuer.url,
      MONGO_URL: link.url,
    });
    seller = await orders.seller('mongo-outage-seller');
    token = await orders.issuer.merchantToken(seller.accountId);
    const imported = await seller.upload(
      csvOf([{ orderNumber: 'DB-1' }, { orderNumber: 'DB-2' }, { orderNumber: 'DB-3' }]),
    );
    expect(imported.status).toBe(200);
  }, 60_000);
  afterEach(() => link.restore());
  afterAll(async () => {
    link?.restore();
    await analytics?.close();
    await orders?.stop();
    await link?.close();
  });

  const ship = (orderNumber: string) =>
    fetch(`${orders.url}/api/bigcartel/orders/${orderNumber}/shipped`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ trackingNumber: 'AB123456789GB', courier: 'Royal Mail' }),
    });
  /** The seller's calls of the dashboard: the list, the summary, a shipment, and analytics. */
  const sellerCalls = (orderNumber: string) => ({
    list: () => seller.get('/api/upload/tracking-entries'),
    summary: () => seller.get('/api/upload/summary'),
    ship: () => ship(orderNumber),
    analytics: () =>
      fetch(`${analytics.url}/api/analytics/countries`, {
        headers: { authorization: `Bearer ${token}` },
      }),
  });
  const answerOf = async (call: () => Promise<Response>) => {
    const started = performance.now();
    const response = await call();
    return {
      status: response.status,
      body: (await response.json()) as unknown,
      retryAfter: response.headers.get('retry-after'),
      ms: performance.now() - started,
    };
  };

  it('answers 503 with a clear message while MongoDB cannot be reached, in bounded time', async () => {
    link.cut();
    const calls = sellerCalls('DB-1');
    const answers = await Promise.all(
      Object.entries(calls).map(async ([name, call]) => ({ name, ...(await answerOf(call)) })),
    );
    for (const { name, status, body, retryAfter, ms } of answers) {
      expect({ name, status, body, retryAfter }).toEqual({
        name,
        status: 503,
        body: { error: databaseUnavailableMessage },
        retryAfter: '5',
      });
      expect(ms).toBeLessThan(ANSWER_BOUND_MS);
    }
  }, 60_000);

  it('answers 200 again once MongoDB is back, without a restart', async () => {
    link.cut();
    expect((await answerOf(() => seller.get('/api/upload/summary'))).status).toBe(503);
    link.restore();
    const calls = sellerCalls('DB-2');
    // The driver finds the server again at its next heartbeat or server selection.
    await expect
      .poll(async () => (await calls.list()).status, { timeout: 30_000, interval: 500 })
      .toBe(200);
    expect((await answerOf(calls.summary)).status).toBe(200);
    await expect
      .poll(async () => (await calls.analytics()).status, { timeout: 30_000, interval: 500 })
      .toBe(200);
    const shipped = await answerOf(calls.ship);
    expect(shipped.status).toBe(200);
    const list = await answerOf(() => seller.get('/api/upload/tracking-entries?omitShipped=false'));
    expect(list.body).toMatchObject({
      entries: expect.arrayContaining([
        expect.objectContaining({ orderNumber: 'DB-2', status: 'shipped' }),
      ]),
    });
  }, 90_000);
});
