import { jetstreamManager } from '@nats-io/jetstream';
import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TRACKING_ENTRY_EVENT_VERSION,
  ordersStream,
  trackingEntryUpserted,
} from '@onvelope/contracts';
import { connectNats, publishEvent, type NatsConnection } from '@onvelope/service-kit/nats';
import {
  connectTestDatabase,
  pendingEntryChange,
  startService,
  startTestIssuer,
  testInfra,
  type EntryChange,
  type StartedService,
  type TestIssuer,
} from '@onvelope/testkit';
import { rollupModel } from '../src/data/rollup.model.js';
import { startAnalyticsService } from '../src/index.js';
import { dirtyAccounts } from '../src/use-cases/refresh-rollup.js';

const SELLER = 'currencies-seller';
const yesterday = new Date(Date.now() - 86_400_000).toISOString();

const order = (orderNumber: string, fields: Partial<EntryChange>): EntryChange =>
  pendingEntryChange({
    orderNumber,
    orderDate: yesterday,
    shippingCountry: 'US',
    items: [{ name: 'Mug', imageUrl: null, quantity: 1, price: fields.itemTotal ?? null }],
    customerEmail: `${orderNumber}@buyer.test`,
    customerName: null,
    courier: 'USPS',
    status: 'shipped',
    shippedAt: yesterday,
    ...fields,
  });

/**
 * Issue 38 item 4: a store selling in dollars (three orders), a few orders in pounds, and one
 * imported before orders carried a currency.
 */
const changes = [
  order('US-1', { itemTotal: 100, currency: 'USD' }),
  order('US-2', { itemTotal: 50, currency: 'USD' }),
  order('US-3', { itemTotal: 30, currency: 'USD' }),
  order('GB-1', { itemTotal: 20, currency: 'GBP', shippingCountry: 'GB' }),
  order('GB-2', { itemTotal: 10, currency: 'GBP', shippingCountry: 'GB' }),
  order('OLD-1', { itemTotal: 7 }),
];

describe('svc-analytics: money per currency (issue 38 item 4)', () => {
  let analytics: StartedService;
  let issuer: TestIssuer;
  let nc: NatsConnection;
  let db: mongoose.Connection;

  const get = async (path: string) => {
    const response = await fetch(`${analytics.url}${path}`, {
      headers: { authorization: `Bearer ${await issuer.merchantToken(SELLER)}` },
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const data = async (path: string) => {
    const { status, body } = await get(path);
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  };

  beforeAll(async () => {
    issuer = await startTestIssuer({ natsUrl: testInfra().natsUrl });
    nc = await connectNats(testInfra().natsUrl, 'analytics-currencies-test');
    const jsm = await jetstreamManager(nc);
    await jsm.streams.purge(ordersStream.name).catch(() => undefined);
    analytics = await startService(startAnalyticsService, {
      AUTH_JWKS_URL: issuer.url,
      ROLLUP_SETTLE_MS: '0',
    });
    db = await connectTestDatabase(analytics.env.MONGO_DB);
    await publishEvent(
      nc,
      trackingEntryUpserted,
      { eventVersion: TRACKING_ENTRY_EVENT_VERSION, accountId: SELLER, changes },
      'analytics-currencies',
    );
    const until = Date.now() + 15_000;
    for (;;) {
      const info = await jsm.consumers.info(ordersStream.name, 'svc-analytics-entry-changes');
      const settled = info.num_pending + info.num_ack_pending === 0;
      if (settled && (await dirtyAccounts(rollupModel(db))).length === 0) {
        const rollup = await rollupModel(db).findById(SELLER).lean();
        if (rollup?.currencyKeys?.length) break;
      }
      if (Date.now() > until) throw new Error('analytics did not settle within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    await analytics?.close();
    await issuer?.close();
    await nc?.close();
    await db?.close();
  });

  it('answers revenue in the currency with the most orders, and each currency on its own, never summed', async () => {
    const body = await data('/api/analytics/revenue-trends?period=daily&days=30');
    expect(body.currency).toBe('USD');
    expect(body.totals).toMatchObject({ revenue: 180, orderCount: 3, avgOrderValue: 60 });
    expect(body.currencies).toEqual([
      { currency: 'USD', orderCount: 3, revenue: 180 },
      { currency: 'GBP', orderCount: 2, revenue: 30 },
      { currency: null, orderCount: 1, revenue: 7 },
    ]);
  });

  it('gives every panel with money in the currency asked for, or in none for orders without one', async () => {
    const pounds = await data('/api/analytics/countries?currency=gbp');
    expect(pounds).toMatchObject({
      currency: 'GBP',
      data: [{ country: 'GB', orderCount: 2, totalRevenue: 30, avgOrderValue: 15 }],
      totals: { orderCount: 2, totalRevenue: 30 },
    });
    const items = await data('/api/analytics/popular-items?currency=USD');
    expect(items.data).toEqual([
      expect.objectContaining({ productName: 'Mug', totalQuantitySold: 3, totalRevenue: 180 }),
    ]);
    const unknown = await data('/api/analytics/customer-behavior?currency=none');
    expect(unknown).toMatchObject({
      currency: null,
      data: { topCustomers: [expect.objectContaining({ lifetimeValue: 7 })] },
    });
    const shipping = await data('/api/analytics/shipping-performance?currency=GBP');
    expect(shipping).toMatchObject({
      currency: 'GBP',
      // The status shares have no money: they count every order.
      data: {
        deliverySuccess: [{ status: 'shipped', orderCount: 6, percentage: 100 }],
        courierPerformance: [{ courier: 'USPS', ordersShipped: 2, avgOrderValue: 15 }],
      },
    });
    const peaks = await data('/api/analytics/peak-times?currency=USD');
    expect(peaks).toMatchObject({ currency: 'USD', totals: { revenue: 180 } });
  });

  it('answers a currency the seller has no orders in with empty figures, and refuses one that is not a code', async () => {
    const euros = await data('/api/analytics/revenue-trends?currency=EUR');
    expect(euros).toMatchObject({ currency: 'EUR', data: [], totals: { revenue: 0 } });
    const { status, body } = await get('/api/analytics/countries?currency=dollars');
    expect(status).toBe(400);
    expect(body.details).toEqual([
      expect.objectContaining({ message: 'currency must be an ISO 4217 code or none' }),
    ]);
  });
});
