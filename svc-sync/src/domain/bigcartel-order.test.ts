import { describe, expect, it } from 'vitest';
import { indexIncluded, mapBigCartelOrder, orderListDocument } from './bigcartel-order.js';

const order = (attributes: Record<string, unknown>, items = ['2', '3']) => ({
  id: 'LMFN-543196',
  type: 'orders',
  attributes: {
    customer_first_name: 'Joe',
    customer_last_name: 'Bloggs',
    customer_email: 'joe@example.com',
    shipping_address_1: '1 Main St',
    shipping_address_2: null,
    shipping_city: 'Leeds',
    shipping_state: 'West Yorkshire',
    shipping_zip: 'LS1 4AP',
    shipping_country_id: 'gb',
    shipping_status: 'unshipped',
    item_total: '42.5',
    customer_note: 'Please leave it in the porch',
    created_at: '2024-01-02T03:04:05.000Z',
    updated_at: '2024-01-05T00:00:00.000Z',
    ...attributes,
  },
  relationships: {
    currency: { data: { type: 'currencies', id: 'USD' } },
    shipping_country: { data: { type: 'countries', id: 'GB' } },
    items: { data: items.map((id) => ({ type: 'order_line_items', id })) },
  },
});

const included = indexIncluded([
  {
    id: '2',
    type: 'order_line_items',
    attributes: {
      product_name: 'Tote Bag',
      product_option_name: 'Blue',
      quantity: 2,
      price: '12.5',
      total: '25.0',
      image_url: 'https://images.example/tote.jpg',
      quantity_shipped: 0,
      quantity_unshipped: 2,
      category_names: ['Bags', 'Gifts'],
    },
    relationships: { product: { data: { type: 'products', id: '7' } } },
  },
  {
    id: '3',
    type: 'order_line_items',
    attributes: {
      product_name: 'Mug',
      product_option_name: null,
      quantity: 1,
      price: '17.5',
      total: '17.5',
      quantity_shipped: 0,
      quantity_unshipped: 1,
      category_names: ['Gifts'],
    },
  },
]);

describe('Big Cartel order mapping', () => {
  it('maps customer, address, dates and line items onto the tracking entry', () => {
    const mapped = mapBigCartelOrder(order({}), included);
    expect(mapped).toEqual({
      outcome: 'mapped',
      order: {
        externalId: 'LMFN-543196',
        orderNumber: 'LMFN-543196',
        firstName: 'Joe',
        lastName: 'Bloggs',
        email: 'joe@example.com',
        postcode: 'LS1 4AP',
        status: 'pending',
        orderDate: '2024-01-02T03:04:05.000Z',
        shippedAt: null,
        shippingAddress1: '1 Main St',
        shippingAddress2: null,
        shippingCity: 'Leeds',
        shippingState: 'West Yorkshire',
        shippingCountry: 'GB',
        shippingZip: 'LS1 4AP',
        items: '2 x Tote Bag (Blue); 1 x Mug',
        productName: 'Tote Bag',
        productId: '7',
        productImageUrl: 'https://images.example/tote.jpg',
        quantity: 3,
        itemPrice: 12.5,
        itemTotal: 42.5,
        currency: 'USD',
        quantityShipped: 0,
        quantityUnshipped: 3,
        categoryNames: '["Bags","Gifts"]',
        customerNote: 'Please leave it in the porch',
        lineItems: [
          {
            name: 'Tote Bag',
            option: 'Blue',
            productId: '7',
            imageUrl: 'https://images.example/tote.jpg',
            quantity: 2,
            price: 12.5,
          },
          { name: 'Mug', option: null, productId: null, imageUrl: null, quantity: 1, price: 17.5 },
        ],
        shipment: null,
      },
    });
  });

  it("carries the tracking of the order's shipment, looked up in included", () => {
    const shipped = order({ shipping_status: 'shipped' });
    const withShipment = {
      ...shipped,
      relationships: {
        ...shipped.relationships,
        shipments: { data: [{ type: 'shipments', id: '9' }] },
      },
    };
    const withIncluded = indexIncluded([
      ...included.values(),
      {
        id: '9',
        type: 'shipments',
        attributes: {
          carrier: 'Royal Mail',
          tracking_number: 'AB123456789GB',
          tracking_url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
        },
      },
    ]);
    const mapped = mapBigCartelOrder(withShipment, withIncluded);
    expect(mapped.outcome === 'mapped' && mapped.order.shipment).toEqual({
      courier: 'Royal Mail',
      trackingNumber: 'AB123456789GB',
      trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    });
    // A shipment the page did not include is not guessed at.
    const missing = mapBigCartelOrder(withShipment, included);
    expect(missing.outcome === 'mapped' && missing.order.shipment).toBeNull();
  });

  it('maps shipped to shipped with the last change as the shipped date', () => {
    const mapped = mapBigCartelOrder(order({ shipping_status: 'shipped' }), included);
    expect(mapped.outcome === 'mapped' && mapped.order).toMatchObject({
      status: 'shipped',
      shippedAt: '2024-01-05T00:00:00.000Z',
    });
  });

  it('calls an order with some lines shipped and some not partially shipped', () => {
    const partial = indexIncluded([
      {
        id: '2',
        type: 'order_line_items',
        attributes: { product_name: 'A', quantity: 1, quantity_shipped: 1, quantity_unshipped: 0 },
      },
      {
        id: '3',
        type: 'order_line_items',
        attributes: { product_name: 'B', quantity: 1, quantity_shipped: 0, quantity_unshipped: 1 },
      },
    ]);
    const mapped = mapBigCartelOrder(order({}), partial);
    expect(mapped.outcome === 'mapped' && mapped.order).toMatchObject({
      status: 'partially_shipped',
      quantityShipped: 1,
      quantityUnshipped: 1,
    });
  });

  it("keeps the order's currency, and none when the store-front names none or no ISO code", () => {
    const inEuros = order({});
    inEuros.relationships.currency.data.id = 'eur';
    const euros = mapBigCartelOrder(inEuros, included);
    expect(euros.outcome === 'mapped' && euros.order.currency).toBe('EUR');
    for (const data of [null, { type: 'currencies', id: '$' }]) {
      const raw = {
        ...order({}),
        relationships: { ...order({}).relationships, currency: { data } },
      };
      const mapped = mapBigCartelOrder(raw, included);
      expect(mapped.outcome === 'mapped' && mapped.order.currency).toBeNull();
    }
  });

  it('takes the country from the relationship when the attribute is absent', () => {
    const mapped = mapBigCartelOrder(order({ shipping_country_id: undefined }), included);
    expect(mapped.outcome === 'mapped' && mapped.order.shippingCountry).toBe('GB');
  });

  it('reports an order it cannot read instead of failing the page', () => {
    expect(mapBigCartelOrder({ type: 'orders' }, included)).toMatchObject({
      outcome: 'unreadable',
    });
  });
});

describe("Big Cartel order mapping: the order's payment", () => {
  const statusWhen = (attributes: Record<string, unknown>) => {
    const mapped = mapBigCartelOrder(order(attributes), included);
    return mapped.outcome === 'mapped' ? mapped.order.status : mapped.outcome;
  };

  it('syncs a paid order by its shipping status', () => {
    expect(statusWhen({ payment_status: 'completed' })).toBe('pending');
    expect(statusWhen({ payment_status: 'completed', shipping_status: 'shipped' })).toBe('shipped');
  });

  it('holds back an unpaid or pending order with nothing shipped', () => {
    expect(mapBigCartelOrder(order({ payment_status: 'unpaid' }), included)).toEqual({
      outcome: 'awaiting_payment',
      id: 'LMFN-543196',
    });
    expect(statusWhen({ payment_status: 'pending' })).toBe('awaiting_payment');
  });

  it('syncs an order awaiting payment that the store-front shows shipped', () => {
    expect(statusWhen({ payment_status: 'pending', shipping_status: 'shipped' })).toBe('shipped');
  });

  it('calls an unshipped order whose payment failed cancelled, never pending', () => {
    expect(statusWhen({ payment_status: 'failed' })).toBe('cancelled');
    expect(statusWhen({ payment_status: 'invalid' })).toBe('cancelled');
    const mapped = mapBigCartelOrder(order({ payment_status: 'failed' }), included);
    expect(mapped.outcome === 'mapped' && mapped.order).toMatchObject({
      shippedAt: null,
      items: '2 x Tote Bag (Blue); 1 x Mug',
    });
  });

  it('keeps a shipped order shipped whatever its payment says', () => {
    expect(statusWhen({ payment_status: 'failed', shipping_status: 'shipped' })).toBe('shipped');
  });
});

describe('Big Cartel order list', () => {
  const document = (meta: unknown) => orderListDocument.parse({ data: [], meta });

  it('reads meta.count as a number or as a string', () => {
    expect(document({ count: 250 }).meta.count).toBe(250);
    expect(document({ count: '250' }).meta.count).toBe(250);
  });

  it('reads a count that is not a whole number as no count, without refusing the page', () => {
    for (const count of ['many', '-1', 2.5, null]) {
      expect(document({ count }).meta.count).toBe(undefined);
    }
    expect(document(undefined).meta.count).toBe(undefined);
  });
});
