import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  markShippedAtStoreFront,
  ordersMessages,
  trackingEntryUpserted,
} from '@onvelope/contracts';
import { createLogger } from '@onvelope/service-kit/observability';
import { serveCommand, type Subscription } from '@onvelope/service-kit/nats';
import { authMessages } from '@onvelope/service-kit/auth';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';
import { shippingMessages } from '../src/use-cases/mark-shipped.js';
import { useOrdersHarness } from './service-harness.js';

type StoreFrontRequest = z.infer<typeof markShippedAtStoreFront.request>;

describe('mark as shipped', () => {
  const orders = useOrdersHarness();
  let tokenA: string;
  let tokenB: string;
  let responder: Subscription | undefined;
  let orderSeq = 0;
  const accountA = 'ship-seller-a';

  beforeAll(async () => {
    tokenA = await orders.issuer.merchantToken(accountA);
    tokenB = await orders.issuer.merchantToken('ship-seller-b');
  });
  afterEach(async () => {
    responder?.unsubscribe();
    responder = undefined;
    await orders.nc.flush();
  });

  const ship = (token: string | null, orderNumber: string, body: unknown) =>
    orders.call('PUT', `/api/bigcartel/orders/${encodeURIComponent(orderNumber)}/shipped`, {
      token,
      body,
    });

  async function insertOrder(fields: Record<string, unknown> = {}) {
    orderSeq += 1;
    return trackingEntryModel(orders.db).create({
      accountId: accountA,
      orderNumber: `S-${orderSeq}`,
      source: 'csv',
      status: 'pending',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      ...fields,
    });
  }

  /** Stands in for svc-sync: answers store-front updates for this test's seller. */
  function storeFrontAnswering(updated: boolean, seen: StoreFrontRequest[] = []) {
    responder = serveCommand(
      orders.nc,
      markShippedAtStoreFront,
      'test-sync',
      async (request) => {
        seen.push(request);
        return updated ? { updated } : { updated, reason: 'Order not found in store' };
      },
      createLogger('test-sync', 'silent'),
    );
    return seen;
  }

  const read = (orderNumber: string, accountId = accountA) =>
    trackingEntryModel(orders.db).findOne({ accountId, orderNumber }).lean();

  it('ships a pending order, builds the tracking URL, and publishes the change', async () => {
    const order = await insertOrder();
    const published: { accountId: string; entryId: string; version: number; status: string }[] = [];
    const events = orders.nc.subscribe(trackingEntryUpserted.subject);
    void (async () => {
      for await (const message of events) {
        const { accountId, changes } = JSON.parse(new TextDecoder().decode(message.data));
        for (const change of changes)
          if (change.entryId === String(order._id)) published.push({ accountId, ...change });
      }
    })();
    await orders.nc.flush();

    const before = Date.now();
    const answer = await ship(tokenA, order.orderNumber, {
      trackingNumber: ' AB 1234 5678 9GB ',
      courier: 'royal mail',
      trackingUrl: '',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      message: `Order ${order.orderNumber} marked as shipped successfully!`,
      bigCartelUpdated: false,
      entry: {
        id: String(order._id),
        orderNumber: order.orderNumber,
        status: 'shipped',
        courier: 'Royal Mail',
        trackingNumber: 'AB123456789GB',
        trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
      },
    });
    expect(Date.parse(answer.body.entry.shippedAt)).toBeGreaterThanOrEqual(before - 1000);

    const stored = await read(order.orderNumber);
    expect(stored).toMatchObject({ status: 'shipped', version: 2 });
    expect(stored?.searchText).toContain('ab123456789gb');

    await expect.poll(() => published.length).toBe(1);
    expect(published[0]).toMatchObject({ version: 2, status: 'shipped', accountId: accountA });
    events.unsubscribe();
  });

  it('ships from processing and partially shipped too', async () => {
    for (const status of ['processing', 'partially_shipped']) {
      const order = await insertOrder({ status });
      const answer = await ship(tokenA, order.orderNumber, {
        trackingNumber: '15501234567890',
        courier: 'DPD',
      });
      expect(answer.status).toBe(200);
      expect(answer.body.entry).toMatchObject({
        status: 'shipped',
        courier: 'DPD',
        trackingUrl: 'https://track.dpd.co.uk/parcels/15501234567890',
      });
    }
  });

  it("keeps the seller's tracking URL and detects the carrier when the courier is vague", async () => {
    const own = await insertOrder();
    const withUrl = await ship(tokenA, own.orderNumber, {
      trackingNumber: 'H01HYA0012345678',
      courier: 'Hermes',
      trackingUrl: 'https://example.com/track?id=H01HYA0012345678',
    });
    expect(withUrl.body.entry).toMatchObject({
      courier: 'Evri',
      trackingUrl: 'https://example.com/track?id=H01HYA0012345678',
    });

    const vague = await insertOrder();
    const detected = await ship(tokenA, vague.orderNumber, {
      trackingNumber: '1Z999AA10123456784',
      courier: 'Tracked',
    });
    expect(detected.body.entry).toMatchObject({
      courier: 'UPS',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });

    const unknown = await insertOrder();
    const local = await ship(tokenA, unknown.orderNumber, {
      trackingNumber: 'ACME-778812',
      courier: 'Acme Couriers',
    });
    expect(local.body.entry).toMatchObject({
      courier: 'Acme Couriers',
      trackingNumber: 'ACME778812',
      trackingUrl: null,
    });
  });

  it('requires a tracking number and a courier, and a URL when one is given', async () => {
    const order = await insertOrder();
    const missing = await ship(tokenA, order.orderNumber, {});
    expect(missing.status).toBe(400);
    expect(
      missing.body.details.map((detail: { message: string }) => detail.message).sort(),
    ).toEqual([ordersMessages.courierRequired, ordersMessages.trackingNumberRequired].sort());
    const blank = await ship(tokenA, order.orderNumber, { trackingNumber: '  ', courier: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.details).toHaveLength(2);
    const badUrl = await ship(tokenA, order.orderNumber, {
      trackingNumber: 'AB123456789GB',
      courier: 'Royal Mail',
      trackingUrl: 'not a url',
    });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.details).toEqual([
      {
        path: 'body.trackingUrl',
        message: 'Tracking URL must be a web address (http:// or https://)',
      },
    ]);
    expect(await read(order.orderNumber)).toMatchObject({ status: 'pending', version: 1 });
  });

  it('refuses control characters and line breaks in what it stores (issue 32, defect 9)', async () => {
    const order = await insertOrder();
    const cases = [
      { trackingNumber: 'TN\u0000\u00011', courier: 'DHL' },
      { trackingNumber: 'TN1', courier: 'D\u001bHL' },
      { trackingNumber: 'TN\n1', courier: 'DHL' },
      { trackingNumber: 'TN\u007f1', courier: 'DHL' },
      { trackingNumber: 'TN\u00851', courier: 'DHL' },
      { trackingNumber: 'TN1', courier: 'DHL', trackingUrl: 'https://t.example/\u0007x' },
    ];
    for (const body of cases) {
      const answer = await ship(tokenA, order.orderNumber, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.details, JSON.stringify(body)).toEqual([
        {
          path: expect.stringMatching(/^body\.(trackingNumber|courier|trackingUrl)$/),
          message: expect.stringMatching(/control characters/),
        },
      ]);
    }
    expect(await read(order.orderNumber)).toMatchObject({ status: 'pending', version: 1 });
  });

  it('answers 404 for an order the seller does not have', async () => {
    expect(
      await ship(tokenA, 'NOPE-1', { trackingNumber: 'AB123456789GB', courier: 'Royal Mail' }),
    ).toEqual({ status: 404, body: { error: shippingMessages.notFound('NOPE-1') } });
  });

  it('refuses to ship an order that is already shipped', async () => {
    const order = await insertOrder({ status: 'shipped' });
    expect(
      await ship(tokenA, order.orderNumber, { trackingNumber: '1234567890', courier: 'DHL' }),
    ).toEqual({
      status: 409,
      body: { error: `Order ${order.orderNumber} is already shipped` },
    });
  });

  it('refuses to ship an order that is already delivered', async () => {
    const order = await insertOrder({ status: 'delivered' });
    expect(
      await ship(tokenA, order.orderNumber, { trackingNumber: '1234567890', courier: 'DHL' }),
    ).toEqual({
      status: 409,
      body: { error: `Order ${order.orderNumber} has already been delivered` },
    });
    expect(await read(order.orderNumber)).toMatchObject({ status: 'delivered', version: 1 });
  });

  it('refuses a second shipment of the same order', async () => {
    const order = await insertOrder();
    const body = { trackingNumber: '123456789012', courier: 'FedEx' };
    expect((await ship(tokenA, order.orderNumber, body)).status).toBe(200);
    expect((await ship(tokenA, order.orderNumber, body)).status).toBe(409);
  });

  it("cannot ship another seller's order", async () => {
    const order = await insertOrder();
    expect(
      await ship(tokenB, order.orderNumber, { trackingNumber: '1234567890', courier: 'DHL' }),
    ).toEqual({ status: 404, body: { error: shippingMessages.notFound(order.orderNumber) } });
    expect(await read(order.orderNumber)).toMatchObject({ status: 'pending', version: 1 });
  });

  it('needs a token', async () => {
    expect(await ship(null, 'S-1', { trackingNumber: '1', courier: 'DHL' })).toEqual({
      status: 401,
      body: { error: authMessages.missing },
    });
  });

  describe('an order from the store-front', () => {
    const storeFrontOrder = () =>
      insertOrder({
        source: 'bigcartel',
        externalId: `bc-${orderSeq + 1}`,
        connectionId: 'conn-1',
      });

    it('answers bigCartelUpdated true when the store-front accepted the shipment', async () => {
      const order = await storeFrontOrder();
      const seen = storeFrontAnswering(true);
      await orders.nc.flush();
      const answer = await ship(tokenA, order.orderNumber, {
        trackingNumber: '9400111899223856928499',
        courier: 'usps',
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        message: `Order ${order.orderNumber} marked as shipped successfully!`,
        bigCartelUpdated: true,
      });
      expect(seen).toEqual([
        {
          accountId: accountA,
          connectionId: 'conn-1',
          externalId: order.externalId,
          orderNumber: order.orderNumber,
          trackingNumber: '9400111899223856928499',
          courier: 'USPS',
          trackingUrl:
            'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223856928499',
        },
      ]);
    });

    it('answers bigCartelUpdated false, still shipped here, when the store-front refused', async () => {
      const order = await storeFrontOrder();
      const seen = storeFrontAnswering(false);
      await orders.nc.flush();
      const answer = await ship(tokenA, order.orderNumber, {
        trackingNumber: 'AB123456789GB',
        courier: 'Royal Mail',
      });
      expect(answer.status).toBe(200);
      expect(answer.body.bigCartelUpdated).toBe(false);
      expect(seen).toHaveLength(1);
      expect(await read(order.orderNumber)).toMatchObject({ status: 'shipped' });
    });

    it('answers bigCartelUpdated false when nobody answers for the store-front', async () => {
      const order = await storeFrontOrder();
      const answer = await ship(tokenA, order.orderNumber, {
        trackingNumber: 'AB123456789GB',
        courier: 'Royal Mail',
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ bigCartelUpdated: false, entry: { status: 'shipped' } });
    });

    it('does not ask the store-front about an order imported from CSV', async () => {
      const order = await insertOrder();
      const seen = storeFrontAnswering(true);
      await orders.nc.flush();
      const answer = await ship(tokenA, order.orderNumber, {
        trackingNumber: 'AB123456789GB',
        courier: 'Royal Mail',
      });
      expect(answer.body.bigCartelUpdated).toBe(false);
      expect(seen).toEqual([]);
    });
  });
});
