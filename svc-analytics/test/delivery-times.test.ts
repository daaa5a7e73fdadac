import { jetstreamManager } from '@nats-io/jetstream';
import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  TRACKING_ENTRY_EVENT_VERSION,
  ordersStream,
  trackingEntryUpserted,
} from '@onvelope/contracts';
import { createLogger } from '@onvelope/service-kit/observability';
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
import { orderFactModel } from '../src/data/order-fact.model.js';
import { rollupModel } from '../src/data/rollup.model.js';
import { calendarCache } from '../src/domain/calendar.js';
import { startAnalyticsService } from '../src/index.js';
import { rebuildAnalytics } from '../src/use-cases/rebuild-analytics.js';
import { dirtyAccounts } from '../src/use-cases/refresh-rollup.js';

const SELLER = 'delivery-seller';
const OTHER_SELLER = 'delivery-other-seller';
const DAY = 86_400_000;
const now = Date.now();
/** `daysAgo` days before now, at `hourUtc` o'clock UTC. */
const at = (daysAgo: number, hourUtc: number) => {
  const date = new Date(now - daysAgo * DAY);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date.toISOString();
};
const londonDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(iso));
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

let version = 0;
/** A change as svc-orders publishes it (event version 3); each one a later version of its entry. */
function change(entryId: string, fields: Partial<EntryChange>): EntryChange {
  version += 1;
  return pendingEntryChange({
    entryId,
    orderNumber: entryId.toUpperCase(),
    orderDate: at(12, 9),
    itemTotal: 20,
    items: [],
    customerEmail: null,
    customerName: null,
    courier: null,
    shippedAt: null,
    trackingNumber: null,
    carrierStatus: null,
    deliveredAt: null,
    estimatedDeliveryAt: null,
    version,
    changedAt: new Date(now - 60_000 + version).toISOString(),
    ...fields,
  });
}

/** What each order is when the seller ships it, before the carrier has said anything. */
const shipped = {
  d1: { status: 'shipped', courier: 'Royal Mail', shippingCountry: 'GB', shippedAt: at(5, 10) },
  d2: { status: 'shipped', courier: 'Royal Mail ', shippingCountry: 'GB', shippedAt: at(4, 3) },
  d3: { status: 'shipped', courier: 'DHL', shippingCountry: 'US', shippedAt: at(10, 12) },
  d5: { status: 'shipped', courier: 'DHL', shippingCountry: 'DE', shippedAt: at(2, 10) },
  d6: { status: 'cancelled', courier: 'DHL', shippingCountry: 'FR', shippedAt: at(5, 10) },
  d7: { status: 'shipped', courier: 'Evri', shippingCountry: 'GB', shippedAt: at(3, 10) },
} satisfies Record<string, Partial<EntryChange>>;

/** Carrier dates of the data set: d1 late against its first estimate, d2 early, d3 without one. */
const firstEstimate = { d1: at(3, 0), d2: at(2, 0) };
const delivered = { d1: at(2, 14), d2: at(3, 9), d3: at(4, 12) };

describe('svc-analytics: delivery times from the carriers', () => {
  let analytics: StartedService;
  let issuer: TestIssuer;
  let nc: NatsConnection;
  let db: mongoose.Connection;
  let message = 0;

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
  const settled = async () => {
    const until = Date.now() + 15_000;
    const jsm = await jetstreamManager(nc);
    for (;;) {
      const info = await jsm.consumers.info(ordersStream.name, 'svc-analytics-entry-changes');
      const busy = info.num_pending + info.num_ack_pending > 0;
      if (!busy && (await dirtyAccounts(rollupModel(db))).length === 0) return;
      if (Date.now() > until) throw new Error('analytics did not settle within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  /** One event per call, as svc-orders publishes one for each carrier report it applies. */
  const publish = (accountId: string, changes: EntryChange[]) =>
    publishEvent(
      nc,
      trackingEntryUpserted,
      { eventVersion: TRACKING_ENTRY_EVENT_VERSION, accountId, changes },
      `delivery-times-${(message += 1)}`,
    );
  const statusShares = async (accountId = SELLER) => {
    const body = await data('/api/analytics/shipping-performance', accountId);
    const { deliverySuccess } = body.data as {
      deliverySuccess: { status: string; orderCount: number }[];
    };
    return Object.fromEntries(deliverySuccess.map((row) => [row.status, row.orderCount]));
  };

  beforeAll(async () => {
    issuer = await startTestIssuer({ natsUrl: testInfra().natsUrl });
    nc = await connectNats(testInfra().natsUrl, 'delivery-times-test');
    // Files before this one on the same worker published orders too: the rebuild replays only ours.
    const jsm = await jetstreamManager(nc);
    await jsm.streams.purge(ordersStream.name).catch(() => undefined);
    analytics = await startService(startAnalyticsService, {
      AUTH_JWKS_URL: issuer.url,
      ROLLUP_SETTLE_MS: '0',
    });
    db = await connectTestDatabase(analytics.env.MONGO_DB);

    // The seller ships; one order they mark delivered themselves, one they cancel.
    await publish(SELLER, [
      change('d1', { ...shipped.d1, trackingNumber: 'RM1' }),
      change('d2', { ...shipped.d2, trackingNumber: 'RM2' }),
      change('d3', { ...shipped.d3, trackingNumber: 'DH3' }),
      change('d4', {
        status: 'delivered',
        courier: 'Royal Mail',
        shippingCountry: 'GB',
        shippedAt: at(6, 10),
      }),
      change('d5', { ...shipped.d5, trackingNumber: 'DH5' }),
      change('d6', { ...shipped.d6, trackingNumber: 'DH6' }),
      change('d7', { ...shipped.d7, trackingNumber: 'EV7' }),
    ]);
    await publish(OTHER_SELLER, [
      change('o1', {
        status: 'delivered',
        courier: 'DHL',
        shippingCountry: 'FR',
        shippedAt: at(3, 8),
        trackingNumber: 'OT1',
        carrierStatus: 'delivered',
        deliveredAt: at(1, 8),
        estimatedDeliveryAt: at(1, 0),
      }),
    ]);
    await settled();
  });
  afterAll(async () => {
    await analytics.close();
    await issuer.close();
    await nc.close();
    await db.close();
  });

  it('moves the delivered counters when the carrier delivers, and times nothing before', async () => {
    expect(await statusShares()).toEqual({ shipped: 5, delivered: 1, cancelled: 1 });
    const before = await data('/api/analytics/delivery-times?days=7');
    expect(before.data).toEqual({
      overall: {
        delivered: 0,
        medianDays: null,
        p90Days: null,
        withEstimate: 0,
        onTime: 0,
        onTimeShare: null,
      },
      byCarrier: [],
      byCountry: [],
    });

    // The carriers' reports, one event each, as svc-orders applies them.
    const d1InTransit = change('d1', {
      ...shipped.d1,
      trackingNumber: 'RM1',
      carrierStatus: 'in_transit',
      estimatedDeliveryAt: firstEstimate.d1,
    });
    await publish(SELLER, [d1InTransit]);
    await publish(SELLER, [
      change('d2', {
        ...shipped.d2,
        trackingNumber: 'RM2',
        carrierStatus: 'in_transit',
        estimatedDeliveryAt: firstEstimate.d2,
      }),
    ]);
    // The carrier moves d1's estimate as the parcel is delayed, until it is the delivery itself.
    await publish(SELLER, [
      change('d1', {
        ...shipped.d1,
        trackingNumber: 'RM1',
        carrierStatus: 'out_for_delivery',
        estimatedDeliveryAt: delivered.d1,
      }),
    ]);
    for (const [entryId, deliveredAt, trackingNumber] of [
      ['d1', delivered.d1, 'RM1'],
      ['d2', delivered.d2, 'RM2'],
      ['d3', delivered.d3, 'DH3'],
    ] as const) {
      await publish(SELLER, [
        change(entryId, {
          ...shipped[entryId],
          status: 'delivered',
          trackingNumber,
          carrierStatus: 'delivered',
          deliveredAt,
          estimatedDeliveryAt: entryId === 'd3' ? null : deliveredAt,
        }),
      ]);
    }
    await publish(SELLER, [
      change('d5', { ...shipped.d5, trackingNumber: 'DH5', carrierStatus: 'in_transit' }),
      // The seller's cancellation stands; the carrier delivering it later does not count it.
      change('d6', {
        ...shipped.d6,
        trackingNumber: 'DH6',
        carrierStatus: 'delivered',
        deliveredAt: at(1, 12),
      }),
      // d7 is shipped again under another number: its first estimate is the new shipment's.
      change('d7', {
        ...shipped.d7,
        trackingNumber: 'EV7',
        carrierStatus: 'in_transit',
        estimatedDeliveryAt: at(4, 0),
      }),
    ]);
    await publish(SELLER, [
      change('d7', {
        ...shipped.d7,
        trackingNumber: 'EV7B',
        carrierStatus: 'pre_transit',
        estimatedDeliveryAt: at(-2, 0),
      }),
    ]);
    // A report of d1 redelivered late changes nothing.
    await publish(SELLER, [d1InTransit]);
    await settled();

    expect(await statusShares()).toEqual({ shipped: 2, delivered: 4, cancelled: 1 });
    const couriers = (await data('/api/analytics/shipping-performance')).data as {
      courierPerformance: { courier: string; ordersShipped: number }[];
    };
    expect(couriers.courierPerformance).toEqual([
      expect.objectContaining({ courier: 'Royal Mail', ordersShipped: 3 }),
      expect.objectContaining({ courier: 'DHL', ordersShipped: 2 }),
      expect.objectContaining({ courier: 'Evri', ordersShipped: 1 }),
    ]);
  });

  it('records the carrier dates of each order, keeping the first estimate of its tracking number', async () => {
    const facts = db.collection('order_facts');
    expect(await facts.findOne({ _id: 'd1' as never })).toMatchObject({
      trackingNumber: 'RM1',
      carrierStatus: 'delivered',
      deliveredAt: new Date(delivered.d1),
      estimatedDeliveryAt: new Date(delivered.d1),
      firstEstimatedDeliveryAt: new Date(firstEstimate.d1),
    });
    expect(await facts.findOne({ _id: 'd7' as never })).toMatchObject({
      trackingNumber: 'EV7B',
      firstEstimatedDeliveryAt: new Date(at(-2, 0)),
    });
    expect(await facts.findOne({ _id: 'd4' as never })).toMatchObject({
      status: 'delivered',
      deliveredAt: null,
    });
  });

  it('answers median and p90 days and the on-time share, overall, by carrier and by country', async () => {
    // Hours from shipped to delivered: d1 76 (late against its first estimate), d2 30 (early),
    // d3 144 (no estimate). d4 has no carrier date, d6 is cancelled, d5 and d7 are on their way.
    const week = await data('/api/analytics/delivery-times?days=7');
    const today = londonDay(new Date(now).toISOString());
    expect(week.range).toEqual({
      from: addDays(today, -6),
      to: today,
      timeZone: DEFAULT_TIME_ZONE,
    });
    expect(week.data).toEqual({
      overall: {
        delivered: 3,
        medianDays: 3.2,
        p90Days: 5.4,
        withEstimate: 2,
        onTime: 1,
        onTimeShare: 50,
      },
      byCarrier: [
        {
          courier: 'Royal Mail',
          delivered: 2,
          medianDays: 2.2,
          p90Days: 3,
          withEstimate: 2,
          onTime: 1,
          onTimeShare: 50,
        },
        {
          courier: 'DHL',
          delivered: 1,
          medianDays: 6,
          p90Days: 6,
          withEstimate: 0,
          onTime: 0,
          onTimeShare: null,
        },
      ],
      byCountry: [
        {
          country: 'GB',
          delivered: 2,
          medianDays: 2.2,
          p90Days: 3,
          withEstimate: 2,
          onTime: 1,
          onTimeShare: 50,
        },
        {
          country: 'US',
          delivered: 1,
          medianDays: 6,
          p90Days: 6,
          withEstimate: 0,
          onTime: 0,
          onTimeShare: null,
        },
      ],
    });
    const month = await data('/api/analytics/delivery-times');
    expect(month.range).toMatchObject({ from: addDays(today, -29), to: today });
    expect(month.data).toEqual(week.data);
  });

  it("shows a seller none of another seller's deliveries, and a new seller none at all", async () => {
    const other = await data('/api/analytics/delivery-times?days=7', OTHER_SELLER);
    expect(other.data).toEqual({
      overall: expect.objectContaining({ delivered: 1, medianDays: 2, onTimeShare: 100 }),
      byCarrier: [expect.objectContaining({ courier: 'DHL', delivered: 1, medianDays: 2 })],
      byCountry: [expect.objectContaining({ country: 'FR', delivered: 1 })],
    });
    const mine = (await data('/api/analytics/delivery-times?days=7')).data as {
      byCountry: { country: string }[];
    };
    expect(mine.byCountry.map((row) => row.country)).not.toContain('FR');

    const fresh = await data('/api/analytics/delivery-times?days=90', 'delivery-fresh-seller');
    expect(fresh.data).toMatchObject({ overall: { delivered: 0 }, byCarrier: [], byCountry: [] });
    expect(fresh.range).toMatchObject({ timeZone: DEFAULT_TIME_ZONE });
  });

  it('refuses a range the screen does not offer, and a caller without a token', async () => {
    const { status, body } = await get('/api/analytics/delivery-times?days=14');
    expect(status).toBe(400);
    expect(body.details).toEqual([
      expect.objectContaining({ message: 'days must be 7, 30, 90 or 365' }),
    ]);
    expect((await fetch(`${analytics.url}/api/analytics/delivery-times`)).status).toBe(401);
  });

  it('is recounted at the midnight its oldest delivery leaves the 7 days, and not before', async () => {
    const rollup = await rollupModel(db).findById(SELLER).lean();
    // d3, delivered four days ago, is the oldest of the 7 days: it leaves them in seven.
    const recountOn = addDays(londonDay(delivered.d3), 7);
    expect(rollup?.recountOn).toBe(recountOn);
    const rollups = rollupModel(db);
    expect(await dirtyAccounts(rollups)).toEqual([]);
    // London is UTC or an hour ahead: noon UTC is on that day either way.
    const thatDay = new Date(`${recountOn}T12:00:00Z`);
    expect(await dirtyAccounts(rollups, { now: thatDay })).toContain(SELLER);
    expect(await dirtyAccounts(rollups, { now: new Date(thatDay.getTime() - DAY) })).not.toContain(
      SELLER,
    );
  });

  it('rebuilds from the orders stream the same delivery times it kept live', async () => {
    const paths = [
      '/api/analytics/delivery-times?days=7',
      '/api/analytics/delivery-times?days=365',
      '/api/analytics/shipping-performance',
    ];
    const sellers = [SELLER, OTHER_SELLER];
    const live = await Promise.all(sellers.flatMap((seller) => paths.map((p) => data(p, seller))));
    await rebuildAnalytics({
      facts: orderFactModel(db),
      rollups: rollupModel(db),
      calendarFor: calendarCache(),
      timeZoneOf: () => Promise.resolve(DEFAULT_TIME_ZONE),
      nats: nc,
      log: createLogger('delivery-rebuild-test', 'silent'),
    });
    const rebuilt = await Promise.all(
      sellers.flatMap((seller) => paths.map((p) => data(p, seller))),
    );
    expect(rebuilt).toEqual(live);
  });
});
