import { describe, expect, it } from 'vitest';
import { indexIncluded, mapBigCartelOrder } from './bigcartel-order.js';

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
    created_at: '2024-01-02T03:04:05.000Z',
    updated_at: '2024-01-05T00:00:00.000Z',
    ...attributes,
  },
  relationships: {
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
      ok: true,
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
        quantityShipped: 0,
        quantityUnshipped: 3,
        categoryNames: '["Bags","Gifts"]',
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
      },
    });
  });

  it('maps shipped to shipped with the last change as the shipped date', () => {
    const mapped = mapBigCartelOrder(order({ shipping_status: 'shipped' }), included);
    expect(mapped.ok && mapped.order).toMatchObject({
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
    expect(mapped.ok && mapped.order).toMatchObject({
      status: 'partially_shipped',
      quantityShipped: 1,
      quantityUnshipped: 1,
    });
  });

  it('takes the country from the relationship when the attribute is absent', () => {
    const mapped = mapBigCartelOrder(order({ shipping_country_id: undefined }), included);
    expect(mapped.ok && mapped.order.shippingCountry).toBe('GB');
  });

  it('reports an order it cannot read instead of failing the page', () => {
    expect(mapBigCartelOrder({ type: 'orders' }, included)).toMatchObject({ ok: false });
  });
});
