import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStoreFrontSim, type StoreCredentials, type StoreFrontSim } from '../src/index.js';
import { call, list, ordersPath, type JsonApiResource } from './helpers.js';

describe('marking orders shipped', () => {
  let sim: StoreFrontSim;
  let store: StoreCredentials;
  const unshippedIds: string[] = [];

  beforeAll(async () => {
    sim = await startStoreFrontSim({ seed: 5, stores: [{ ordersCount: 200 }] });
    store = sim.stores[0]!;
    const page = await list(
      sim,
      store.accessToken,
      ordersPath(store.accountId, 'filter[shipping_status]=unshipped&page[limit]=10'),
    );
    unshippedIds.push(...page.data.map((order) => order.id));
  });
  afterAll(() => sim.close());

  const orderPath = (id: string) => `/v1/accounts/${store.accountId}/orders/${id}`;
  const patch = (id: string, attributes: Record<string, unknown>, type = 'orders') =>
    call(sim, store.accessToken, orderPath(id), {
      method: 'PATCH',
      body: { data: { id, type, attributes } },
    });

  it('sets shipping_status with a PATCH and answers the full order', async () => {
    const id = unshippedIds[0]!;
    const before = Date.now();
    const response = await patch(id, { shipping_status: 'shipped' });
    expect(response.status).toBe(200);
    const document = response.body as { data: JsonApiResource; included: JsonApiResource[] };
    expect(document.data.attributes.shipping_status).toBe('shipped');
    expect(Date.parse(document.data.attributes.updated_at as string)).toBeGreaterThanOrEqual(
      before,
    );
    const lines = document.included.filter((resource) => resource.type === 'order_line_items');
    expect(lines.every((line) => line.attributes.quantity_unshipped === 0)).toBe(true);

    const snapshot = await sim.getOrder(store.accountId, id);
    expect(snapshot).toMatchObject({ id, shippingStatus: 'shipped', shipments: [] });
    const again = await call(sim, store.accessToken, orderPath(id));
    expect((again.body as { data: JsonApiResource }).data.attributes.shipping_status).toBe(
      'shipped',
    );
  });

  it('records a shipment when the PATCH carries tracking, once however often it is retried', async () => {
    const id = unshippedIds[1]!;
    const attributes = {
      shipping_status: 'shipped',
      carrier: 'Royal Mail',
      tracking_number: 'AB123456789GB',
      tracking_url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    };
    expect((await patch(id, attributes)).status).toBe(200);
    const retried = await patch(id, attributes);
    expect(retried.status).toBe(200);
    const snapshot = (await sim.getOrder(store.accountId, id))!;
    expect(snapshot.shippingStatus).toBe('shipped');
    expect(snapshot.shipments).toHaveLength(1);
    expect(snapshot.shipments[0]).toMatchObject({
      carrier: 'Royal Mail',
      trackingNumber: 'AB123456789GB',
      trackingUrl: attributes.tracking_url,
      notifyCustomer: true,
    });
    expect(snapshot.shipments[0]!.items.map((item) => item.orderLineItemId).sort()).toEqual(
      snapshot.items.map((item) => item.id).sort(),
    );
    const included = (retried.body as { included: JsonApiResource[] }).included;
    expect(included.find((resource) => resource.type === 'shipments')?.attributes).toMatchObject({
      tracking_number: 'AB123456789GB',
    });
  });

  it('records shipments by POST, shipping the order once every line is shipped', async () => {
    const id = unshippedIds.find(
      (candidate) => candidate !== unshippedIds[0] && candidate !== unshippedIds[1],
    )!;
    const order = (await sim.getOrder(store.accountId, id))!;
    const [firstLine, ...rest] = order.items;
    const post = (attributes: Record<string, unknown>) =>
      call(sim, store.accessToken, `${orderPath(id)}/shipments`, {
        method: 'POST',
        body: { data: { type: 'shipments', attributes } },
      });

    const partial = await post({
      carrier: 'DPD',
      tracking_number: '15501234567890',
      items: [{ order_line_item_id: firstLine!.id, quantity: firstLine!.quantity }],
    });
    expect(partial.status).toBe(201);
    expect(partial.body).toMatchObject({
      data: {
        type: 'shipments',
        attributes: { carrier: 'DPD', tracking_number: '15501234567890' },
        relationships: { order: { data: { id } } },
      },
    });
    expect((await sim.getOrder(store.accountId, id))!.shippingStatus).toBe(
      rest.length === 0 ? 'shipped' : 'unshipped',
    );

    const remainder = await post({
      carrier: 'DPD',
      tracking_number: '15509999999999',
      tracking_url: 'https://track.dpd.co.uk/parcels/15509999999999',
    });
    expect(remainder.status).toBe(201);
    const snapshot = (await sim.getOrder(store.accountId, id))!;
    expect(snapshot.shippingStatus).toBe('shipped');
    expect(snapshot.shipments.map((shipment) => shipment.trackingNumber)).toEqual([
      '15501234567890',
      '15509999999999',
    ]);
    expect(snapshot.items.every((item) => item.quantityShipped === item.quantity)).toBe(true);
  });

  it('refuses a shipment of more than is left to ship, or of a line the order does not have', async () => {
    const id = unshippedIds[4]!;
    const order = (await sim.getOrder(store.accountId, id))!;
    const post = (items: unknown) =>
      call(sim, store.accessToken, `${orderPath(id)}/shipments`, {
        method: 'POST',
        body: { data: { type: 'shipments', attributes: { items } } },
      });
    expect((await post([{ order_line_item_id: order.items[0]!.id, quantity: 99 }])).status).toBe(
      400,
    );
    expect((await post([{ order_line_item_id: '1', quantity: 1 }])).status).toBe(400);
    expect((await sim.getOrder(store.accountId, id))!.shipments).toHaveLength(0);
  });

  it('answers 409 to a body of the wrong shape and 400 to attributes it cannot change', async () => {
    const id = unshippedIds[5]!;
    expect((await patch(id, { shipping_status: 'shipped' }, 'products')).status).toBe(409);
    const noData = await call(sim, store.accessToken, orderPath(id), {
      method: 'PATCH',
      body: { shipping_status: 'shipped' },
    });
    expect(noData.status).toBe(409);
    const wrongId = await call(sim, store.accessToken, orderPath(id), {
      method: 'PATCH',
      body: { data: { id: 'ZZZZ-000000', type: 'orders', attributes: {} } },
    });
    expect(wrongId.status).toBe(409);
    const readOnly = await patch(id, { total: '0.0' });
    expect(readOnly.status).toBe(400);
    expect(readOnly.body).toMatchObject({
      errors: [{ source: { pointer: '/data/attributes/total' } }],
    });
    expect((await patch(id, { shipping_status: 'lost' })).status).toBe(400);
    const notJson = await call(sim, store.accessToken, orderPath(id), {
      method: 'PATCH',
      body: 'x',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(notJson.status).toBe(415);
    expect((await sim.getOrder(store.accountId, id))!.shippingStatus).toBe('unshipped');
  });

  it('changes writable customer and address fields, and the change shows in an updated_at filter', async () => {
    const id = unshippedIds[6]!;
    const since = new Date().toISOString();
    const response = await patch(id, {
      customer_note: null,
      shipping_address_2: 'Flat 9',
      shipping_country_id: 'IE',
    });
    expect(response.status).toBe(200);
    expect((response.body as { data: JsonApiResource }).data.attributes).toMatchObject({
      shipping_address_2: 'Flat 9',
      shipping_country_id: 'IE',
      shipping_country_name: 'Ireland',
      customer_note: null,
    });
    const changed = await list(
      sim,
      store.accessToken,
      ordersPath(store.accountId, `filter[updated_at_from]=${since}&page[limit]=100`),
    );
    expect(changed.data.map((order) => order.id)).toContain(id);
  });

  it('keeps a shipped order shipped in listings filtered by status', async () => {
    const shipped = await list(
      sim,
      store.accessToken,
      ordersPath(store.accountId, `filter[shipping_status]=shipped&search=${unshippedIds[0]}`),
    );
    expect(shipped.data.map((order) => order.id)).toEqual([unshippedIds[0]]);
  });
});
