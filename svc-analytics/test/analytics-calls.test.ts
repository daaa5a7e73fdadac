import { jetstreamManager } from '@nats-io/jetstream';
import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  getSellerTimeZone,
  ordersStream,
  sellerTimeZoneChanged,
  trackingEntryDeleted,
  trackingEntryUpserted,
} from '@onvelope/contracts';
import { createLogger } from '@onvelope/service-kit/observability';
import {
  connectNats,
  publishEvent,
  serveCommand,
  type NatsConnection,
} from '@onvelope/service-kit/nats';
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
import { orderFactModel } from '../src/data/order-fact.model.js';
import { rollupModel } from '../src/data/rollup.model.js';
import { calendarCache } from '../src/domain/calendar.js';
import { startAnalyticsService } from '../src/index.js';
import { rebuildAnalytics } from '../src/use-cases/rebuild-analytics.js';
import { dirtyAccounts } from '../src/use-cases/refresh-rollup.js';

const SELLER = 'analytics-seller';
const OTHER_SELLER = 'analytics-other-seller';
const DAY = 86_400_000;
const now = Date.now();
/** `daysAgo` days before now, at `hourUtc` o'clock UTC. */
const at = (daysAgo: number, hourUtc: number) => {
  const date = new Date(now - daysAgo * DAY);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date;
};
/** The day and hour of an instant in London, worked out independently of the service. */
const london = (date: Date) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
};
const item = (name: string, quantity: number, price: number | null) => ({
  name,
  imageUrl: name === 'Mug' ? 'https://img.test/mug.png' : null,
  quantity,
  price,
});

const orderAt = {
  e1: at(1, 9),
  e2: at(3, 14),
  e3: at(10, 20),
  e4: at(2, 12),
  e5: at(40, 8),
  e6: at(5, 10),
};
const created = new Date(now - 60_000);
/** The range of `days` days ending today in London, as the answers give it. */
const rangeOf = (days: number) => {
  const to = london(new Date(now)).day;
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY).toISOString();
  return { from: from.slice(0, 10), to, timeZone: DEFAULT_TIME_ZONE };
};

function change(entryId: string, fields: Partial<EntryChange>): EntryChange {
  return pendingEntryChange({
    entryId,
    orderNumber: entryId.toUpperCase(),
    changedAt: created.toISOString(),
    items: [],
    customerEmail: null,
    customerName: null,
    courier: null,
    shippedAt: null,
    ...fields,
  });
}

/**
 * The data set whose figures the tests work out by hand: five orders that count, a cancelled one,
 * a deleted one, one re-imported with a new total (version 2) and one with no date, country or
 * email (dated by its first change).
 */
const firstImport: EntryChange[] = [
  change('e1', {
    status: 'shipped',
    courier: 'Royal Mail',
    shippedAt: at(1, 15).toISOString(),
    orderDate: orderAt.e1.toISOString(),
    shippingCountry: 'GB',
    itemTotal: 30,
    items: [item('Mug', 2, 10), item('Tee', 1, 10)],
    customerEmail: 'Ann@Buyer.test',
  }),
  change('e2', {
    status: 'delivered',
    courier: 'Royal Mail ',
    shippedAt: at(2, 10).toISOString(),
    orderDate: orderAt.e2.toISOString(),
    shippingCountry: 'gb',
    itemTotal: 20,
    items: [item('Mug', 1, null)],
    customerEmail: 'ann@buyer.test',
  }),
  change('e3', {
    orderDate: orderAt.e3.toISOString(),
    shippingCountry: 'US',
    itemTotal: 50,
    items: [item('Poster', 1, 50)],
    customerEmail: 'bob@buyer.test',
  }),
  change('e4', {
    status: 'cancelled',
    orderDate: orderAt.e4.toISOString(),
    shippingCountry: 'DE',
    itemTotal: 15,
    items: [item('Tee', 1, 15)],
    customerEmail: 'cat@buyer.test',
  }),
  change('e5', {
    status: 'shipped',
    courier: 'DHL',
    shippedAt: at(9, 10).toISOString(),
    orderDate: orderAt.e5.toISOString(),
    shippingCountry: 'GB',
    itemTotal: 40,
    items: [item('Poster', 1, null)],
    customerEmail: 'dan@buyer.test',
  }),
  change('e6', {
    orderDate: orderAt.e6.toISOString(),
    shippingCountry: 'FR',
    itemTotal: 99,
    items: [item('Lamp', 1, 99)],
    customerEmail: 'eve@buyer.test',
  }),
  change('e7', { itemTotal: 12, items: [item('Sticker', 3, 4)] }),
];
const reimport = change('e2', {
  ...firstImport[1],
  itemTotal: 25,
  items: [item('Mug', 1, 25)],
  version: 2,
  changedAt: new Date(now - 30_000).toISOString(),
});

describe('svc-analytics: the six calls', () => {
  let analytics: StartedService;
  let issuer: TestIssuer;
  let nc: NatsConnection;
  let db: mongoose.Connection;

  const get = async (path: string, accountId = SELLER) => {
    const response = await fetch(`${analytics.url}${path}`, {
      headers: { authorization: `Bearer ${await issuer.merchantToken(accountId)}` },
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const data = async (path: string, accountId = SELLER) => {
    const { status, body } = await get(path, accountId);
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  };

  /** Waits until every published event is handled and every rollup is computed after it. */
  const settled = async () => {
    const until = Date.now() + 15_000;
    const jsm = await jetstreamManager(nc);
    for (;;) {
      let busy = false;
      for (const name of ['svc-analytics-entry-changes', 'svc-analytics-entry-deletions']) {
        const info = await jsm.consumers.info(ordersStream.name, name);
        busy ||= info.num_pending + info.num_ack_pending > 0;
      }
      if (!busy && (await dirtyAccounts(rollupModel(db))).length === 0) return;
      if (Date.now() > until) throw new Error('analytics did not settle within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const publishChanges = (accountId: string, changes: EntryChange[], messageId: string) =>
    publishEvent(nc, trackingEntryUpserted, { eventVersion: 2, accountId, changes }, messageId);

  beforeAll(async () => {
    issuer = await startTestIssuer({ natsUrl: testInfra().natsUrl });
    nc = await connectNats(testInfra().natsUrl, 'analytics-calls-test');
    // Files before this one on the same worker published orders too: the rebuild replays only ours.
    const jsm = await jetstreamManager(nc);
    await jsm.streams.purge(ordersStream.name).catch(() => undefined);
    analytics = await startService(startAnalyticsService, {
      AUTH_JWKS_URL: issuer.url,
      ROLLUP_SETTLE_MS: '0',
    });
    db = await connectTestDatabase(analytics.env.MONGO_DB);

    await publishChanges(SELLER, firstImport, 'analytics-first-import');
    await publishChanges(SELLER, [reimport], 'analytics-reimport');
    await publishEvent(
      nc,
      trackingEntryDeleted,
      { accountId: SELLER, entryIds: ['e6'], deletedAt: new Date(now).toISOString() },
      'analytics-delete-e6',
    );
    // Another seller's order, to show it never mixes in.
    await publishChanges(
      OTHER_SELLER,
      [
        change('o1', {
          orderDate: orderAt.e1.toISOString(),
          shippingCountry: 'GB',
          itemTotal: 500,
          items: [item('Mug', 50, 10)],
          customerEmail: 'ann@buyer.test',
        }),
      ],
      'analytics-other-seller',
    );
    await settled();
  });
  afterAll(async () => {
    await analytics.close();
    await issuer.close();
    await nc.close();
    await db.close();
  });

  it('counts orders, customers and revenue by country, with totals over every country', async () => {
    expect(await data('/api/analytics/countries')).toEqual({
      success: true,
      // Orders of a release before currencies (event version 2): amounts without a currency.
      currency: null,
      currencies: [{ currency: null, orderCount: 4, revenue: 117 }],
      data: [
        {
          country: 'GB',
          orderCount: 3,
          uniqueCustomers: 2,
          avgOrderValue: 31.67,
          totalRevenue: 95,
        },
        { country: 'US', orderCount: 1, uniqueCustomers: 1, avgOrderValue: 50, totalRevenue: 50 },
      ],
      totals: { orderCount: 4, uniqueCustomers: 3, avgOrderValue: 36.25, totalRevenue: 145 },
      period: {
        range: rangeOf(30),
        current: { orderCount: 3, countryCount: 2 },
        previous: { orderCount: 1, countryCount: 1 },
      },
    });
  });

  it("compares each all-time panel's headline figures over the range with the range before", async () => {
    // Last 7 days: e1 (GB, ann's second order, 3 units, shipped), e2 (GB, ann's first, 1 unit,
    // shipped) and e7 (no country or email, 3 units). The 7 days before: e3 (US, bob's first, 1
    // unit) and e5's shipment. e4 is cancelled, e6 deleted.
    const week = rangeOf(7);
    expect((await data('/api/analytics/countries?days=7')).period).toEqual({
      range: week,
      current: { orderCount: 2, countryCount: 1 },
      previous: { orderCount: 1, countryCount: 1 },
    });
    expect((await data('/api/analytics/popular-items?days=7&limit=5')).period).toEqual({
      range: week,
      current: { unitsSold: 7 },
      previous: { unitsSold: 1 },
    });
    expect((await data('/api/analytics/customer-behavior?days=7')).period).toEqual({
      range: week,
      current: { newCustomers: 1, repeatOrders: 1 },
      previous: { newCustomers: 1, repeatOrders: 0 },
    });
    expect((await data('/api/analytics/shipping-performance?days=7')).period).toEqual({
      range: week,
      current: { shipped: 2 },
      previous: { shipped: 1 },
    });
    // Over 30 days the 30 before hold e5 alone: dan's first order, GB, one unit.
    expect((await data('/api/analytics/customer-behavior')).period).toEqual({
      range: rangeOf(30),
      current: { newCustomers: 2, repeatOrders: 1 },
      previous: { newCustomers: 1, repeatOrders: 0 },
    });
    expect((await data('/api/analytics/popular-items')).period).toMatchObject({
      current: { unitsSold: 8 },
      previous: { unitsSold: 1 },
    });
    expect((await data('/api/analytics/shipping-performance')).period).toMatchObject({
      current: { shipped: 3 },
      previous: { shipped: 0 },
    });
    expect((await get('/api/analytics/countries?days=8')).status).toBe(400);
  });

  it('ranks items by units sold, sharing an unpriced line the order total', async () => {
    const { data: items } = await data('/api/analytics/popular-items?limit=5');
    expect(items).toEqual([
      {
        productName: 'Mug',
        productImageUrl: 'https://img.test/mug.png',
        totalQuantitySold: 3,
        orderCount: 2,
        totalRevenue: 45,
      },
      {
        productName: 'Sticker',
        productImageUrl: null,
        totalQuantitySold: 3,
        orderCount: 1,
        totalRevenue: 12,
      },
      {
        productName: 'Poster',
        productImageUrl: null,
        totalQuantitySold: 2,
        orderCount: 2,
        totalRevenue: 90,
      },
      {
        productName: 'Tee',
        productImageUrl: null,
        totalQuantitySold: 1,
        orderCount: 1,
        totalRevenue: 10,
      },
    ]);
  });

  it('answers revenue by London day for the range, with the range before it', async () => {
    const body = await data('/api/analytics/revenue-trends?period=daily&days=7');
    const today = london(new Date(now)).day;
    const expected = [
      { day: london(orderAt.e2).day, revenue: 25 },
      { day: london(orderAt.e1).day, revenue: 30 },
      { day: london(created).day, revenue: 12 },
    ];
    expect(body.data).toEqual(
      expected.map(({ day, revenue }) => ({
        period: day,
        revenue,
        orderCount: 1,
        avgOrderValue: revenue,
      })),
    );
    expect(body.range).toMatchObject({ to: today, timeZone: DEFAULT_TIME_ZONE });
    expect(body.totals).toEqual({
      revenue: 67,
      orderCount: 3,
      avgOrderValue: 22.33,
      daysWithData: 3,
    });
    expect(body.previous).toEqual({
      revenue: 50,
      orderCount: 1,
      avgOrderValue: 50,
      daysWithData: 1,
    });

    const month = await data('/api/analytics/revenue-trends?period=daily&days=30');
    expect(month.totals).toMatchObject({ revenue: 117, orderCount: 4 });
    expect(month.previous).toMatchObject({ revenue: 40, orderCount: 1 });
  });

  it('segments customers by their number of orders and lists the top ones', async () => {
    expect(await data('/api/analytics/customer-behavior')).toMatchObject({
      success: true,
      data: {
        customerSegments: [
          {
            customerType: 'new',
            customerCount: 2,
            percentage: 66.7,
            avgOrdersPerCustomer: 1,
            avgSpentPerCustomer: 45,
          },
          {
            customerType: 'returning',
            customerCount: 1,
            percentage: 33.3,
            avgOrdersPerCustomer: 2,
            avgSpentPerCustomer: 55,
          },
          {
            customerType: 'loyal',
            customerCount: 0,
            percentage: 0,
            avgOrdersPerCustomer: 0,
            avgSpentPerCustomer: 0,
          },
        ],
        topCustomers: [
          {
            email: 'ann@buyer.test',
            orderCount: 2,
            firstOrderDate: orderAt.e2.toISOString(),
            lifetimeValue: 55,
            avgOrderValue: 27.5,
          },
          {
            email: 'bob@buyer.test',
            orderCount: 1,
            firstOrderDate: orderAt.e3.toISOString(),
            lifetimeValue: 50,
            avgOrderValue: 50,
          },
          {
            email: 'dan@buyer.test',
            orderCount: 1,
            firstOrderDate: orderAt.e5.toISOString(),
            lifetimeValue: 40,
            avgOrderValue: 40,
          },
        ],
      },
    });
  });

  it('shares orders by status (cancelled included) and ranks the couriers that shipped', async () => {
    expect(await data('/api/analytics/shipping-performance')).toMatchObject({
      success: true,
      data: {
        deliverySuccess: [
          { status: 'pending', orderCount: 2, percentage: 33.3 },
          { status: 'shipped', orderCount: 2, percentage: 33.3 },
          { status: 'cancelled', orderCount: 1, percentage: 16.7 },
          { status: 'delivered', orderCount: 1, percentage: 16.7 },
        ],
        courierPerformance: [
          { courier: 'Royal Mail', ordersShipped: 2, avgOrderValue: 27.5 },
          { courier: 'DHL', ordersShipped: 1, avgOrderValue: 40 },
        ],
      },
    });
  });

  it('counts orders by London hour and weekday over the range', async () => {
    const body = await data('/api/analytics/peak-times?days=30');
    const { hourlyPattern, weeklyPattern } = body.data as {
      hourlyPattern: { hour: number; orderCount: number; avgOrderValue: number }[];
      weeklyPattern: { dayOfWeek: number; dayName: string; orderCount: number }[];
    };
    const counted = [
      { date: orderAt.e1, revenue: 30 },
      { date: orderAt.e2, revenue: 25 },
      { date: orderAt.e3, revenue: 50 },
      { date: created, revenue: 12 },
    ];
    const expectedHours = Array.from({ length: 24 }, (_, hour) => {
      const orders = counted.filter(({ date }) => london(date).hour === hour);
      const revenue = orders.reduce((total, order) => total + order.revenue, 0);
      return {
        hour,
        orderCount: orders.length,
        avgOrderValue: orders.length ? Math.round((revenue / orders.length) * 100) / 100 : 0,
      };
    });
    expect(hourlyPattern).toEqual(expectedHours);
    expect(weeklyPattern.map((day) => day.dayName)).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    const weekday = (date: Date) => new Date(`${london(date).day}T00:00:00Z`).getUTCDay();
    for (const day of weeklyPattern) {
      expect(day.orderCount).toBe(
        counted.filter(({ date }) => weekday(date) === day.dayOfWeek).length,
      );
    }
    expect(body.totals).toMatchObject({ orderCount: 4, revenue: 117 });
  });

  it("shows a seller none of another seller's orders, and a new seller empty panels", async () => {
    const other = await data('/api/analytics/countries', OTHER_SELLER);
    expect(other.data).toEqual([
      { country: 'GB', orderCount: 1, uniqueCustomers: 1, avgOrderValue: 500, totalRevenue: 500 },
    ]);
    expect((await data('/api/analytics/popular-items', OTHER_SELLER)).data).toHaveLength(1);

    const fresh = 'analytics-fresh-seller';
    expect((await data('/api/analytics/countries', fresh)).data).toEqual([]);
    expect((await data('/api/analytics/popular-items', fresh)).data).toEqual([]);
    expect((await data('/api/analytics/revenue-trends', fresh)).data).toEqual([]);
    const behaviour = (await data('/api/analytics/customer-behavior', fresh)).data as {
      customerSegments: { customerCount: number }[];
      topCustomers: unknown[];
    };
    expect(behaviour.customerSegments.map((segment) => segment.customerCount)).toEqual([0, 0, 0]);
    expect(behaviour.topCustomers).toEqual([]);
    expect((await data('/api/analytics/shipping-performance', fresh)).data).toEqual({
      deliverySuccess: [],
      courierPerformance: [],
    });
    // Delivery times have their own data set (test/delivery-times.test.ts); none of these
    // orders has a carrier delivery, for this seller or any other.
    for (const seller of [fresh, OTHER_SELLER, SELLER]) {
      expect((await data('/api/analytics/delivery-times', seller)).data).toMatchObject({
        overall: { delivered: 0 },
        byCarrier: [],
        byCountry: [],
      });
    }
  });

  it('refuses ranges and limits the screen does not offer, saying which are allowed', async () => {
    for (const [path, message] of [
      ['/api/analytics/revenue-trends?period=daily&days=8', 'days must be 7, 30, 90 or 365'],
      ['/api/analytics/peak-times?days=abc', 'days must be 7, 30, 90 or 365'],
      ['/api/analytics/peak-times?days=30.0', 'days must be 7, 30, 90 or 365'],
      ['/api/analytics/popular-items?limit=7', 'limit must be 5, 10 or 20'],
      ['/api/analytics/revenue-trends?period=weekly&days=7', 'period must be daily'],
    ] as const) {
      const { status, body } = await get(path);
      expect(status, path).toBe(400);
      expect(body.details, path).toEqual([expect.objectContaining({ message })]);
    }
    expect((await get('/api/analytics/popular-items')).status).toBe(200);
  });

  it('reads an event of the first version, which carries no items or customer', async () => {
    await publishEvent(
      nc,
      trackingEntryUpserted,
      {
        accountId: 'analytics-v1-seller',
        changes: [
          {
            entryId: 'v1-entry',
            orderNumber: 'V1-1',
            status: 'pending',
            source: 'csv',
            orderDate: orderAt.e1.toISOString(),
            shippingCountry: 'IE',
            itemTotal: 18,
            version: 1,
            changedAt: created.toISOString(),
          },
        ],
      },
      'analytics-v1-event',
    );
    await settled();
    expect((await data('/api/analytics/countries', 'analytics-v1-seller')).data).toEqual([
      { country: 'IE', orderCount: 1, uniqueCustomers: 0, avgOrderValue: 18, totalRevenue: 18 },
    ]);
    expect((await data('/api/analytics/popular-items', 'analytics-v1-seller')).data).toEqual([]);
  });

  it('rebuilds from the orders stream the same figures it kept live', async () => {
    const paths = [
      '/api/analytics/countries',
      '/api/analytics/popular-items?limit=20',
      '/api/analytics/revenue-trends?period=daily&days=90',
      '/api/analytics/customer-behavior',
      '/api/analytics/shipping-performance',
      '/api/analytics/peak-times?days=365',
      '/api/analytics/delivery-times?days=90',
    ];
    const sellers = [SELLER, OTHER_SELLER];
    const live = await Promise.all(
      sellers.flatMap((seller) => paths.map((path) => data(path, seller))),
    );
    const report = await rebuildAnalytics({
      facts: orderFactModel(db),
      rollups: rollupModel(db),
      calendarFor: calendarCache(),
      timeZoneOf: () => Promise.resolve(DEFAULT_TIME_ZONE),
      nats: nc,
      log: createLogger('rebuild-test', 'silent'),
    });
    expect(report).toMatchObject({ messages: 5, skipped: 0, accounts: 3 });
    const rebuilt = await Promise.all(
      sellers.flatMap((seller) => paths.map((path) => data(path, seller))),
    );
    expect(rebuilt).toEqual(live);
  });

  // Last: the rebuild above counts the sellers the stream holds.
  it("counts a seller's days in the time zone of their settings, again when they change it", async () => {
    const seller = 'analytics-tz-seller';
    let zone = 'Asia/Tokyo';
    // svc-auth's answer to `auth.sellerTimeZone`, from this test's own NATS account.
    const auth = serveCommand(
      nc,
      getSellerTimeZone,
      'svc-auth',
      ({ accountId }) =>
        Promise.resolve({ timeZone: accountId === seller ? zone : DEFAULT_TIME_ZONE }),
      createLogger('tz-test', 'silent'),
    );
    try {
      // 20:00 UTC two days ago is 05:00 the next day in Tokyo, 15:00 or 16:00 that day in New York.
      const placed = at(2, 20);
      const dayIn = (timeZone: string) =>
        new Intl.DateTimeFormat('en-CA', { timeZone }).format(placed);
      await publishChanges(
        seller,
        [change('tz1', { orderDate: placed.toISOString(), itemTotal: 10, shippingCountry: 'JP' })],
        'analytics-tz-order',
      );
      await settled();
      const tokyo = await data('/api/analytics/revenue-trends?days=7', seller);
      expect(tokyo.range).toMatchObject({ timeZone: 'Asia/Tokyo' });
      expect(tokyo.data).toEqual([
        { period: dayIn('Asia/Tokyo'), revenue: 10, orderCount: 1, avgOrderValue: 10 },
      ]);

      zone = 'America/New_York';
      await publishEvent(
        nc,
        sellerTimeZoneChanged,
        { accountId: seller, timeZone: zone },
        'analytics-tz-change',
      );
      // The change reaches another consumer than the orders' ones: wait for its recount.
      let newYork = await data('/api/analytics/revenue-trends?days=7', seller);
      for (
        let tries = 0;
        tries < 100 && (newYork.range as { timeZone: string }).timeZone !== zone;
        tries += 1
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        newYork = await data('/api/analytics/revenue-trends?days=7', seller);
      }
      expect(newYork.range).toMatchObject({ timeZone: 'America/New_York' });
      expect((newYork.data as { period: string }[]).map((row) => row.period)).toEqual([
        dayIn('America/New_York'),
      ]);
      expect(dayIn('America/New_York')).not.toBe(dayIn('Asia/Tokyo'));
    } finally {
      auth.unsubscribe();
    }
  });
});
