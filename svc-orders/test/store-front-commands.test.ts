import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  countStoreFrontOrders,
  deleteStoreFrontOrders,
  upsertStoreFrontOrders,
  storeFrontOrder,
  trackingEntryUpserted,
} from '@onvelope/contracts';
import { requestCommand } from '@onvelope/service-kit/nats';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';
import { useOrdersHarness } from './service-harness.js';

type StoreFrontOrder = z.infer<typeof storeFrontOrder>;

const orderOf = (id: string, fields: Partial<StoreFrontOrder> = {}): StoreFrontOrder => ({
  externalId: id,
  orderNumber: id,
  firstName: 'Joe',
  lastName: 'Bloggs',
  email: 'joe@example.com',
  postcode: 'LS1 4AP',
  status: 'pending',
  orderDate: '2025-03-01T10:00:00.000Z',
  shippedAt: null,
  shippingAddress1: '1 Main St',
  shippingAddress2: null,
  shippingCity: 'Leeds',
  shippingState: null,
  shippingCountry: 'GB',
  shippingZip: 'LS1 4AP',
  items: '2 x Tote Bag (Blue); 1 x Mug',
  productName: 'Tote Bag',
  productId: '7',
  productImageUrl: null,
  quantity: 3,
  itemPrice: 12.5,
  itemTotal: 42.5,
  quantityShipped: 0,
  quantityUnshipped: 3,
  categoryNames: '["Bags"]',
  lineItems: [
    { name: 'Tote Bag', option: 'Blue', productId: '7', imageUrl: null, quantity: 2, price: 12.5 },
    { name: 'Mug', option: null, productId: null, imageUrl: null, quantity: 1, price: 17.5 },
  ],
  ...fields,
});

describe('store-front order commands', () => {
  const orders = useOrdersHarness();
  const accountId = 'sf-seller';

  const upsert = (page: StoreFrontOrder[], connectionId = 'conn-1', account = accountId) =>
    requestCommand(orders.nc, upsertStoreFrontOrders, {
      accountId: account,
      connectionId,
      orders: page,
    });
  const read = (orderNumber: string, account = accountId) =>
    trackingEntryModel(orders.db).findOne({ accountId: account, orderNumber }).lean();

  it('creates new orders, and a replayed page creates nothing twice', async () => {
    const page = [orderOf('AAAA-000001'), orderOf('AAAA-000002')];
    expect(await upsert(page)).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(await upsert(page)).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect(await trackingEntryModel(orders.db).countDocuments({ accountId })).toBe(2);
    expect(await read('AAAA-000001')).toMatchObject({
      source: 'bigcartel',
      externalId: 'AAAA-000001',
      connectionId: 'conn-1',
      customerName: 'Joe Bloggs',
      items: '2 x Tote Bag (Blue); 1 x Mug',
      itemTotal: 42.5,
      status: 'pending',
      version: 1,
      orderDate: new Date('2025-03-01T10:00:00.000Z'),
      lineItems: orderOf('AAAA-000001').lineItems,
    });
  });

  it('updates what the store-front changed and publishes the new version', async () => {
    const seen: { orderNumber: string; version: number; status: string }[] = [];
    const events = orders.nc.subscribe(trackingEntryUpserted.subject);
    void (async () => {
      for await (const message of events)
        seen.push(...JSON.parse(new TextDecoder().decode(message.data)).changes);
    })();
    await orders.nc.flush();
    const answer = await upsert([
      orderOf('AAAA-000001', { status: 'shipped', shippedAt: '2025-03-03T00:00:00.000Z' }),
    ]);
    expect(answer).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(await read('AAAA-000001')).toMatchObject({
      status: 'shipped',
      shippedAt: new Date('2025-03-03T00:00:00.000Z'),
      version: 2,
    });
    await expect.poll(() => seen.length).toBe(1);
    // Version 2 of the event carries what analytics reads: the lines, the buyer, the shipment.
    expect(seen[0]).toMatchObject({
      orderNumber: 'AAAA-000001',
      version: 2,
      status: 'shipped',
      shippedAt: '2025-03-03T00:00:00.000Z',
      customerEmail: 'joe@example.com',
      customerName: 'Joe Bloggs',
      courier: null,
      items: [
        { name: 'Tote Bag', imageUrl: null, quantity: 2, price: 12.5 },
        { name: 'Mug', imageUrl: null, quantity: 1, price: 17.5 },
      ],
    });
    events.unsubscribe();
  });

  it("keeps the buyer's checkout note while the order has none, never over the seller's", async () => {
    const seller = 'sf-note-seller';
    const noted = (id: string) => orderOf(id, { customerNote: 'Leave it in the porch' });
    expect(await upsert([noted('NOTE-1')], 'conn-1', seller)).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
    });
    expect(await read('NOTE-1', seller)).toMatchObject({ personalNote: 'Leave it in the porch' });
    expect(await upsert([noted('NOTE-1')], 'conn-1', seller)).toEqual({
      created: 0,
      updated: 0,
      unchanged: 1,
    });

    await trackingEntryModel(orders.db).updateOne(
      { accountId: seller, orderNumber: 'NOTE-1' },
      { $set: { personalNote: 'Gift: no invoice in the box' } },
    );
    await upsert(
      [orderOf('NOTE-1', { customerNote: 'Another note', itemTotal: 50 })],
      'conn-1',
      seller,
    );
    expect(await read('NOTE-1', seller)).toMatchObject({
      personalNote: 'Gift: no invoice in the box',
      itemTotal: 50,
    });
  });

  it("stores the order's currency, gains it on a later sync, and keeps it when an older svc-sync sends none", async () => {
    const seller = 'sf-currency-seller';
    await upsert([orderOf('CUR-1')], 'conn-1', seller);
    expect(await read('CUR-1', seller)).toMatchObject({ currency: null });

    // A sync by the mapping that reads currencies reaches an order stored before it.
    expect(await upsert([orderOf('CUR-1', { currency: 'USD' })], 'conn-1', seller)).toEqual({
      created: 0,
      updated: 1,
      unchanged: 0,
    });
    expect(await read('CUR-1', seller)).toMatchObject({ currency: 'USD', itemTotal: 42.5 });

    expect(await upsert([orderOf('CUR-1')], 'conn-1', seller)).toEqual({
      created: 0,
      updated: 0,
      unchanged: 1,
    });
    expect(await read('CUR-1', seller)).toMatchObject({ currency: 'USD' });
  });

  it('refuses a currency that is not an ISO 4217 code', () => {
    for (const currency of ['usd', '$', 'ZZZ']) {
      expect(storeFrontOrder.safeParse(orderOf('CUR-2', { currency })).success).toBe(false);
    }
  });

  it('never moves an order the seller shipped back to pending', async () => {
    await trackingEntryModel(orders.db).updateOne(
      { accountId, orderNumber: 'AAAA-000002' },
      { $set: { status: 'shipped', courier: 'DPD', trackingNumber: '155012345' } },
    );
    await upsert([orderOf('AAAA-000002', { email: 'new@example.com' })]);
    expect(await read('AAAA-000002')).toMatchObject({
      status: 'shipped',
      courier: 'DPD',
      trackingNumber: '155012345',
      email: 'new@example.com',
    });
  });

  describe("the store-front's shipment", () => {
    const seller = 'sf-shipment-seller';
    const shippedOrder = (id: string, shipment: StoreFrontOrder['shipment']) =>
      orderOf(id, { status: 'shipped', shippedAt: '2025-03-03T00:00:00.000Z', shipment });
    const trackingOf = async (orderNumber: string) => {
      const entry = await read(orderNumber, seller);
      return {
        courier: entry?.courier,
        trackingNumber: entry?.trackingNumber,
        trackingUrl: entry?.trackingUrl,
      };
    };

    it("stores its tracking under the carrier's usual name, with the carrier's link when it sends none", async () => {
      await upsert(
        [
          shippedOrder('SHIP-1', {
            courier: 'RoyalMail',
            trackingNumber: 'AB 1234 5678 9GB',
            trackingUrl: null,
          }),
          shippedOrder('SHIP-2', {
            courier: 'Canada Post',
            trackingNumber: '7023210039414604',
            trackingUrl:
              'https://www.canadapost-postescanada.ca/track-reperage/en#/details/7023210039414604',
          }),
          shippedOrder('SHIP-3', {
            courier: null,
            trackingNumber: '1Z999AA10123456784',
            trackingUrl: null,
          }),
        ],
        'conn-1',
        seller,
      );
      expect(await trackingOf('SHIP-1')).toEqual({
        courier: 'Royal Mail',
        trackingNumber: 'AB123456789GB',
        trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
      });
      // A carrier ONVELOPE does not know keeps the store-front's name and link.
      expect(await trackingOf('SHIP-2')).toEqual({
        courier: 'Canada Post',
        trackingNumber: '7023210039414604',
        trackingUrl:
          'https://www.canadapost-postescanada.ca/track-reperage/en#/details/7023210039414604',
      });
      // No carrier named: the tracking number's format says which.
      expect(await trackingOf('SHIP-3')).toEqual({
        courier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      });
    });

    it('fills an order stored without tracking, and a message of an older svc-sync without one still parses', async () => {
      const older = orderOf('SHIP-4');
      expect('shipment' in older).toBe(false);
      expect(storeFrontOrder.safeParse(older).success).toBe(true);
      await upsert([older], 'conn-1', seller);
      expect(await trackingOf('SHIP-4')).toEqual({
        courier: null,
        trackingNumber: null,
        trackingUrl: null,
      });
      const dpd = { courier: 'DPD', trackingNumber: '15501234567890', trackingUrl: null };
      expect(await upsert([shippedOrder('SHIP-4', dpd)], 'conn-1', seller)).toEqual({
        created: 0,
        updated: 1,
        unchanged: 0,
      });
      expect(await trackingOf('SHIP-4')).toEqual({
        ...dpd,
        trackingUrl: 'https://track.dpd.co.uk/parcels/15501234567890',
      });
      expect(await upsert([shippedOrder('SHIP-4', dpd)], 'conn-1', seller)).toEqual({
        created: 0,
        updated: 0,
        unchanged: 1,
      });
    });

    it("never replaces the seller's tracking, with another shipment or with none", async () => {
      await upsert([orderOf('SHIP-5')], 'conn-1', seller);
      const sellers = {
        courier: 'Evri',
        trackingNumber: 'H00A0B0000000001',
        trackingUrl: 'https://www.evri.com/track/parcel/H00A0B0000000001',
      };
      await trackingEntryModel(orders.db).updateOne(
        { accountId: seller, orderNumber: 'SHIP-5' },
        { $set: { status: 'shipped', ...sellers } },
      );
      await upsert(
        [
          shippedOrder('SHIP-5', {
            courier: 'UPS',
            trackingNumber: '1Z999AA10123456784',
            trackingUrl: null,
          }),
        ],
        'conn-1',
        seller,
      );
      expect(await trackingOf('SHIP-5')).toEqual(sellers);
      await upsert([shippedOrder('SHIP-5', null)], 'conn-1', seller);
      expect(await trackingOf('SHIP-5')).toEqual(sellers);
    });

    it('refuses a tracking link that is not a web address', () => {
      const order = shippedOrder('SHIP-6', {
        courier: 'DPD',
        trackingNumber: '15501234567890',
        trackingUrl: 'javascript:alert(1)',
      });
      expect(storeFrontOrder.safeParse(order).success).toBe(false);
    });
  });

  it("applies the seller's keyword rules to synced orders", async () => {
    const token = await orders.issuer.merchantToken(accountId);
    const created = await fetch(`${orders.url}/api/keyword-rules`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        keyword: 'mug',
        action: 'awaiting_stock',
        customMessage: 'Mugs ship in May',
      }),
    });
    expect(created.status).toBeLessThan(300);
    await upsert([orderOf('AAAA-000003')]);
    expect(await read('AAAA-000003')).toMatchObject({
      status: 'pending',
      keywordMessage: 'Mugs ship in May',
    });
    await upsert([orderOf('AAAA-000004', { items: '1 x Poster', productName: 'Poster' })]);
    expect((await read('AAAA-000004'))?.keywordMessage).toBeNull();
  });

  it('takes over a CSV order of the same number instead of duplicating it', async () => {
    await trackingEntryModel(orders.db).create({
      accountId,
      orderNumber: 'AAAA-000005',
      source: 'csv',
      status: 'pending',
      firstName: 'Joe',
      lastName: 'Bloggs',
    });
    expect(await upsert([orderOf('AAAA-000005')])).toEqual({
      created: 0,
      updated: 1,
      unchanged: 0,
    });
    expect(
      await trackingEntryModel(orders.db).countDocuments({ accountId, orderNumber: 'AAAA-000005' }),
    ).toBe(1);
    expect(await read('AAAA-000005')).toMatchObject({
      source: 'bigcartel',
      externalId: 'AAAA-000005',
    });
  });

  it("counts and deletes one seller's store-front orders by connection, leaving others alone", async () => {
    await upsert([orderOf('BBBB-000001')], 'conn-2');
    await upsert([orderOf('AAAA-000001')], 'conn-9', 'other-seller');
    const count = (connectionId: string | null, account = accountId) =>
      requestCommand(orders.nc, countStoreFrontOrders, { accountId: account, connectionId });
    expect(await count(null)).toEqual({ count: 6 });
    expect(await count('conn-2')).toEqual({ count: 1 });
    expect(await count(null, 'other-seller')).toEqual({ count: 1 });

    expect(
      await requestCommand(orders.nc, deleteStoreFrontOrders, {
        accountId,
        connectionId: 'conn-2',
      }),
    ).toEqual({
      deleted: 1,
    });
    expect(
      await requestCommand(orders.nc, deleteStoreFrontOrders, { accountId, connectionId: null }),
    ).toEqual({
      deleted: 5,
    });
    expect(await count(null)).toEqual({ count: 0 });
    expect(await count(null, 'other-seller')).toEqual({ count: 1 });
  });
});
