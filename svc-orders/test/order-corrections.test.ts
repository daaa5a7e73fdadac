import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_ORDER_HISTORY,
  orderEditMessages,
  ordersMessages,
  shipmentTrackingUpdated,
  trackingEntryDeleted,
  trackingEntryUpserted,
  type CarrierStatus,
  type DeliveryRecord,
} from '@onvelope/contracts';
import { publishEvent, type Subscription } from '@onvelope/service-kit/nats';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';
import { orderMessages } from '../src/use-cases/change-order.js';
import { shippingMessages } from '../src/use-cases/mark-shipped.js';
import { unshipMessages } from '../src/use-cases/mark-unshipped.js';
import { useOrdersHarness } from './service-harness.js';

interface Published {
  subject: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  payload: any;
}

describe('correcting one order', () => {
  const orders = useOrdersHarness();
  let tokenA: string;
  let tokenB: string;
  let events: Subscription;
  const published: Published[] = [];
  let orderSeq = 0;
  let reportSeq = 0;
  const accountA = 'correct-seller-a';

  beforeAll(async () => {
    tokenA = await orders.issuer.merchantToken(accountA);
    tokenB = await orders.issuer.merchantToken('correct-seller-b');
    events = orders.nc.subscribe('orders.entries.>');
    void (async () => {
      for await (const message of events) {
        published.push({
          subject: message.subject,
          payload: JSON.parse(new TextDecoder().decode(message.data)),
        });
      }
    })();
    await orders.nc.flush();
  });
  afterAll(() => events?.unsubscribe());

  const call = (method: string, path: string, body?: unknown, token: string = tokenA) =>
    orders.call(method, path, { token, body });

  const entryPath = (orderNumber: string) =>
    `/api/upload/tracking-entries/${encodeURIComponent(orderNumber)}`;
  const ship = (orderNumber: string, body: unknown) =>
    call('PUT', `/api/bigcartel/orders/${encodeURIComponent(orderNumber)}/shipped`, body);
  const correct = (orderNumber: string, body: unknown, token?: string) =>
    call('PUT', `${entryPath(orderNumber)}/tracking`, body, token);
  const edit = (orderNumber: string, body: unknown, token?: string) =>
    call('PATCH', entryPath(orderNumber), body, token);
  const unship = (orderNumber: string, token?: string) =>
    call('DELETE', `${entryPath(orderNumber)}/shipped`, undefined, token);
  const remove = (orderNumber: string, token?: string) =>
    call('DELETE', entryPath(orderNumber), undefined, token);
  const history = (orderNumber: string, token?: string) =>
    call('GET', `${entryPath(orderNumber)}/history`, undefined, token);

  async function insertOrder(fields: Record<string, unknown> = {}) {
    orderSeq += 1;
    return trackingEntryModel(orders.db).create({
      accountId: accountA,
      orderNumber: `C-${orderSeq}`,
      source: 'csv',
      status: 'pending',
      firstName: 'Ada',
      lastName: 'Lovelace',
      customerName: 'Ada Lovelace',
      email: 'ada@example.com',
      postcode: 'SW1A 1AA',
      ...fields,
    });
  }

  const read = (orderNumber: string) =>
    trackingEntryModel(orders.db).findOne({ accountId: accountA, orderNumber }).lean();

  /** What the tracking provider says of a shipment, as svc-sync publishes it. */
  async function report(entryId: string, trackingNumber: string, carrierStatus: CarrierStatus) {
    reportSeq += 1;
    const at = new Date(Date.now() + reportSeq * 1_000).toISOString();
    const delivery: DeliveryRecord = {
      provider: 'easypost',
      trackerId: `trk_${trackingNumber}`,
      carrier: 'Royal Mail',
      carrierStatus,
      statusDetail: null,
      checkpoints: [{ at, status: carrierStatus, statusDetail: null, message: '', place: null }],
      estimatedDeliveryAt: null,
      signedBy: null,
      carrierUrl: null,
      deliveredAt: carrierStatus === 'delivered' ? at : null,
      carrierUpdatedAt: at,
    };
    await publishEvent(
      orders.nc,
      shipmentTrackingUpdated,
      { accountId: accountA, entryId, trackingNumber, delivery },
      `corrections-report-${reportSeq}`,
    );
  }

  const changesOf = (entryId: string) =>
    published
      .filter((message) => message.subject === trackingEntryUpserted.subject)
      .flatMap((message) => message.payload.changes)
      .filter((change: { entryId: string }) => change.entryId === entryId);

  it('corrects the tracking of a shipped order, where a second shipment answers 409', async () => {
    const order = await insertOrder();
    const shipped = await ship(order.orderNumber, {
      trackingNumber: 'AB123456789GB',
      courier: 'Royal Mail',
    });
    expect(shipped.status).toBe(200);
    // Before issue 38 item 6 this was the only way to change the number, and it is refused.
    expect(
      await ship(order.orderNumber, { trackingNumber: 'AB987654321GB', courier: 'royal mail' }),
    ).toEqual({ status: 409, body: { error: shippingMessages.alreadyShipped(order.orderNumber) } });

    const corrected = await correct(order.orderNumber, {
      trackingNumber: ' AB 9876 5432 1GB ',
      courier: 'royal mail',
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({
      message: shippingMessages.corrected(order.orderNumber),
      bigCartelUpdated: false,
      entry: {
        status: 'shipped',
        courier: 'Royal Mail',
        trackingNumber: 'AB987654321GB',
        trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/AB987654321GB',
        shippedAt: shipped.body.entry.shippedAt,
      },
    });
    const stored = await read(order.orderNumber);
    expect(stored?.searchText).toContain('ab987654321gb');
    expect(stored?.searchText).not.toContain('ab123456789gb');
    // Live tracking (svc-sync) registers a shipment from a change on its way with a number.
    await expect
      .poll(() => changesOf(String(order._id)).map((change) => change.trackingNumber))
      .toContain('AB987654321GB');
    expect(changesOf(String(order._id)).at(-1)).toMatchObject({
      status: 'shipped',
      trackingNumber: 'AB987654321GB',
      courier: 'Royal Mail',
    });
  });

  it('follows the new tracking number: reports on the old parcel no longer apply', async () => {
    const order = await insertOrder();
    await ship(order.orderNumber, { trackingNumber: 'AB123456789GB', courier: 'Royal Mail' });
    await report(String(order._id), 'AB123456789GB', 'in_transit');
    await expect
      .poll(async () => (await read(order.orderNumber))?.carrierStatus)
      .toBe('in_transit');

    await correct(order.orderNumber, { trackingNumber: 'AB555555555GB', courier: 'Royal Mail' });
    expect(await read(order.orderNumber)).toMatchObject({
      delivery: null,
      carrierStatus: null,
    });
    await report(String(order._id), 'AB123456789GB', 'delivered');
    await report(String(order._id), 'AB555555555GB', 'out_for_delivery');
    await expect
      .poll(async () => (await read(order.orderNumber))?.carrierStatus)
      .toBe('out_for_delivery');
    expect(await read(order.orderNumber)).toMatchObject({ status: 'shipped' });

    await report(String(order._id), 'AB555555555GB', 'delivered');
    await expect.poll(async () => (await read(order.orderNumber))?.status).toBe('delivered');
    const { body } = await history(order.orderNumber);
    expect(body.history[0]).toMatchObject({
      by: 'carrier',
      changes: [{ field: 'status', from: 'shipped', to: 'delivered' }],
    });
  });

  it('keeps the carrier record when only the courier name is corrected', async () => {
    const order = await insertOrder();
    await ship(order.orderNumber, { trackingNumber: 'ACME-1', courier: 'Acme' });
    await report(String(order._id), 'ACME1', 'in_transit');
    await expect
      .poll(async () => (await read(order.orderNumber))?.carrierStatus)
      .toBe('in_transit');
    const corrected = await correct(order.orderNumber, {
      trackingNumber: 'ACME1',
      courier: 'Acme Couriers',
      trackingUrl: 'https://acme.example/t/ACME1',
    });
    expect(corrected.body.entry).toMatchObject({
      courier: 'Acme Couriers',
      trackingUrl: 'https://acme.example/t/ACME1',
    });
    expect(await read(order.orderNumber)).toMatchObject({ carrierStatus: 'in_transit' });
  });

  it('corrects only orders on their way, and validates like shipping', async () => {
    const pending = await insertOrder();
    expect(
      await correct(pending.orderNumber, { trackingNumber: '1234567890', courier: 'DHL' }),
    ).toEqual({ status: 409, body: { error: shippingMessages.notShipped(pending.orderNumber) } });
    const delivered = await insertOrder({ status: 'delivered' });
    expect(
      (await correct(delivered.orderNumber, { trackingNumber: '1234567890', courier: 'DHL' }))
        .status,
    ).toBe(409);
    const shipped = await insertOrder({ status: 'shipped', courier: 'DHL', trackingNumber: '1' });
    const missing = await correct(shipped.orderNumber, {});
    expect(missing.status).toBe(400);
    expect(
      missing.body.details.map((detail: { message: string }) => detail.message).sort(),
    ).toEqual([ordersMessages.courierRequired, ordersMessages.trackingNumberRequired].sort());
    expect(await read(shipped.orderNumber)).toMatchObject({ version: 1, trackingNumber: '1' });
  });

  it("says a store-front order's correction stays here", async () => {
    const order = await insertOrder({
      source: 'bigcartel',
      externalId: `bc-correct-${orderSeq + 1}`,
      connectionId: 'conn-1',
      status: 'shipped',
      courier: 'USPS',
      trackingNumber: '9400111899223856928499',
    });
    const corrected = await correct(order.orderNumber, {
      trackingNumber: '9400111899223856928500',
      courier: 'usps',
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({
      bigCartelUpdated: false,
      message: `${shippingMessages.corrected(order.orderNumber)}; ${shippingMessages.storeFrontKeepsTracking}`,
    });
  });

  it('edits the buyer, address, items and note, and search follows', async () => {
    const order = await insertOrder({
      items: 'Tee',
      lineItems: [
        { name: 'Tee', quantity: 1, option: null, productId: null, imageUrl: null, price: 10 },
      ],
    });
    const answer = await edit(order.orderNumber, {
      firstName: 'Grace',
      lastName: ' Hopper ',
      email: 'grace@example.com',
      postcode: '10001',
      shippingAddress1: '1 Navy Way',
      shippingCity: 'Arlington',
      shippingCountry: 'US',
      items: '2 x Compiler manual',
      personalNote: 'Gift wrap please',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      message: `Order ${order.orderNumber} saved`,
      entry: {
        firstName: 'Grace',
        lastName: 'Hopper',
        customerName: 'Grace Hopper',
        email: 'grace@example.com',
        postcode: '10001',
        shippingAddress1: '1 Navy Way',
        shippingCity: 'Arlington',
        shippingCountry: 'US',
        items: '2 x Compiler manual',
        personalNote: 'Gift wrap please',
        status: 'pending',
      },
    });
    const search = await call('GET', '/api/upload/search?q=hopper');
    expect(search.body.results.map((entry: { id: string }) => entry.id)).toContain(
      String(order._id),
    );
    expect((await call('GET', '/api/upload/search?q=lovelace')).body.results).not.toContainEqual(
      expect.objectContaining({ id: String(order._id) }),
    );
    await expect
      .poll(() => changesOf(String(order._id)).at(-1))
      .toMatchObject({
        customerName: 'Grace Hopper',
        customerEmail: 'grace@example.com',
        items: [{ name: 'Compiler manual', quantity: 2 }],
      });

    const cleared = await edit(order.orderNumber, { personalNote: null, shippingCity: '' });
    expect(cleared.body.entry).toMatchObject({ personalNote: null, shippingCity: null });
  });

  it('refuses an empty edit, unknown fields and a bad email', async () => {
    const order = await insertOrder();
    expect(await edit(order.orderNumber, {})).toEqual({
      status: 400,
      body: expect.objectContaining({
        details: [expect.objectContaining({ message: orderEditMessages.emptyEdit })],
      }),
    });
    expect((await edit(order.orderNumber, { status: 'shipped' })).status).toBe(400);
    expect((await edit(order.orderNumber, { firstName: 'A', orderNumber: 'X' })).status).toBe(400);
    const badEmail = await edit(order.orderNumber, { email: 'not an email' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.details).toEqual([
      { path: 'body.email', message: orderEditMessages.emailInvalid },
    ]);
    expect((await edit(order.orderNumber, { firstName: 'A\u0000' })).status).toBe(400);
    expect(await read(order.orderNumber)).toMatchObject({ version: 1, firstName: 'Ada' });
  });

  it('marks a shipped order back to pending, clearing its tracking', async () => {
    const order = await insertOrder();
    await ship(order.orderNumber, { trackingNumber: 'AB123456789GB', courier: 'Royal Mail' });
    const answer = await unship(order.orderNumber);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      message: unshipMessages.unshipped(order.orderNumber),
      entry: {
        status: 'pending',
        shippedAt: null,
        courier: null,
        trackingNumber: null,
        trackingUrl: null,
      },
    });
    await expect
      .poll(() => changesOf(String(order._id)).at(-1))
      .toMatchObject({ status: 'pending', trackingNumber: null, shippedAt: null });
    // It may be shipped again, with the dialog, as any pending order.
    expect(
      (await ship(order.orderNumber, { trackingNumber: 'AB987654321GB', courier: 'Royal Mail' }))
        .status,
    ).toBe(200);
    expect(await unship((await insertOrder()).orderNumber)).toMatchObject({
      status: 409,
      body: { error: unshipMessages.notShipped(`C-${orderSeq}`) },
    });
  });

  it('deletes one order and announces it, leaving the others', async () => {
    const order = await insertOrder({ firstName: 'Ada', lastName: 'Lovelace' });
    const other = await insertOrder();
    expect(await remove(order.orderNumber)).toEqual({
      status: 200,
      body: { message: `Order ${order.orderNumber} deleted`, deletedCount: 1 },
    });
    expect(await read(order.orderNumber)).toBeNull();
    expect(await read(other.orderNumber)).not.toBeNull();
    await expect
      .poll(() =>
        published
          .filter((message) => message.subject === trackingEntryDeleted.subject)
          .flatMap((message) => message.payload.entryIds),
      )
      .toContain(String(order._id));
    expect(await remove(order.orderNumber)).toEqual({
      status: 404,
      body: { error: orderMessages.notFound(order.orderNumber) },
    });
  });

  it('keeps a short history of who changed what, newest first', async () => {
    const order = await insertOrder();
    await ship(order.orderNumber, { trackingNumber: 'AB123456789GB', courier: 'Royal Mail' });
    await correct(order.orderNumber, { trackingNumber: 'AB987654321GB', courier: 'Royal Mail' });
    await edit(order.orderNumber, { email: 'ada@lovelace.example' });
    await unship(order.orderNumber);
    const { status, body } = await history(order.orderNumber);
    expect(status).toBe(200);
    expect(body.history.map((entry: { by: string }) => entry.by)).toEqual([
      'seller',
      'seller',
      'seller',
      'seller',
    ]);
    expect(body.history[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'status', from: 'shipped', to: 'pending' },
        { field: 'trackingNumber', from: 'AB987654321GB', to: null },
      ]),
    );
    expect(body.history[1].changes).toEqual([
      { field: 'email', from: 'ada@example.com', to: 'ada@lovelace.example' },
    ]);
    expect(body.history[2].changes).toEqual([
      expect.objectContaining({ field: 'trackingNumber', from: 'AB123456789GB' }),
      expect.objectContaining({ field: 'trackingUrl' }),
    ]);
    expect(body.history[3].changes).toContainEqual({
      field: 'status',
      from: 'pending',
      to: 'shipped',
    });
    expect(Date.parse(body.history[0].at)).toBeGreaterThanOrEqual(Date.parse(body.history[1].at));

    for (let note = 1; note <= MAX_ORDER_HISTORY + 5; note += 1) {
      await edit(order.orderNumber, { personalNote: `note ${note}` });
    }
    const bounded = await history(order.orderNumber);
    expect(bounded.body.history).toHaveLength(MAX_ORDER_HISTORY);
    expect(bounded.body.history[0].changes).toEqual([
      {
        field: 'personalNote',
        from: `note ${MAX_ORDER_HISTORY + 4}`,
        to: `note ${MAX_ORDER_HISTORY + 5}`,
      },
    ]);
  });

  it("cannot change, delete or read the history of another seller's order", async () => {
    const order = await insertOrder({ status: 'shipped', courier: 'DHL', trackingNumber: '1' });
    const notFound = { status: 404, body: { error: orderMessages.notFound(order.orderNumber) } };
    expect(await edit(order.orderNumber, { firstName: 'Mallory' }, tokenB)).toEqual(notFound);
    expect(
      await correct(order.orderNumber, { trackingNumber: '2', courier: 'DHL' }, tokenB),
    ).toEqual(notFound);
    expect(await unship(order.orderNumber, tokenB)).toEqual(notFound);
    expect(await remove(order.orderNumber, tokenB)).toEqual(notFound);
    expect(await history(order.orderNumber, tokenB)).toEqual(notFound);
    expect(await read(order.orderNumber)).toMatchObject({
      version: 1,
      firstName: 'Ada',
      status: 'shipped',
      trackingNumber: '1',
    });
  });
});
