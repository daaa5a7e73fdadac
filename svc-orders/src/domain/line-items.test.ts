import { describe, expect, it } from 'vitest';
import { lineItemsOf, linesOfWooCommerceItems } from './line-items.js';

const item = (name: string, quantity: number, price: number | null, extra = {}) => ({
  name,
  option: null,
  productId: null,
  imageUrl: null,
  quantity,
  price,
  ...extra,
});

describe('lineItemsOf', () => {
  it('keeps the lines a store-front sent', () => {
    const lines = [item('Tote Bag', 2, 12.5, { option: 'Blue' }), item('Mug', 1, 17.5)];
    expect(lineItemsOf({ lineItems: lines, items: 'ignored', productName: 'x' })).toEqual(lines);
  });

  it('reads counted names, as store-front items are written', () => {
    expect(lineItemsOf({ items: '2 x Tote Bag (Blue); 1 x Mug' })).toEqual([
      item('Tote Bag (Blue)', 2, null),
      item('Mug', 1, null),
    ]);
  });

  it('reads product_name records with their quantity and price', () => {
    expect(
      lineItemsOf({ items: 'product_name:Tee|quantity:2|price:9.50;product_name:Cap|quantity:1' }),
    ).toEqual([item('Tee', 2, 9.5), item('Cap', 1, null)]);
  });

  it('keeps commas inside a name and counts an unnumbered name once', () => {
    expect(lineItemsOf({ items: 'Tea, Earl Grey | Mug' })).toEqual([
      item('Tea, Earl Grey', 1, null),
      item('Mug', 1, null),
    ]);
  });

  it('makes one line of a product row, priced from the item price', () => {
    expect(
      lineItemsOf({
        productName: 'Mug',
        productId: 'p1',
        productImageUrl: 'https://img.test/mug.png',
        quantity: 3,
        itemPrice: 8,
        itemTotal: 24,
      }),
    ).toEqual([item('Mug', 3, 8, { productId: 'p1', imageUrl: 'https://img.test/mug.png' })]);
  });

  it('prices a one-line order from its item total when no unit price is given', () => {
    expect(lineItemsOf({ items: '2 x Tee', itemTotal: 19 })).toEqual([item('Tee', 2, 9.5)]);
  });

  it('leaves prices unknown for several lines without prices', () => {
    expect(lineItemsOf({ items: 'Tee; Cap', itemTotal: 30 })).toEqual([
      item('Tee', 1, null),
      item('Cap', 1, null),
    ]);
  });

  it('has no lines for an order without items or product', () => {
    expect(lineItemsOf({ items: '  ', itemTotal: 10 })).toEqual([]);
  });
});

describe('linesOfWooCommerceItems', () => {
  it('reads each item of a line_items cell, its unit price from its total', () => {
    expect(
      linesOfWooCommerceItems(
        'id:77|name:Ninja Hoodie|product_id:21|sku:HOOD-N|quantity:1|total:30.00|meta:;' +
          'id:78|name:Woo Logo Sticker|sku:|quantity:3|subtotal:9.00|total:7.50',
      ),
    ).toEqual([
      {
        name: 'Ninja Hoodie',
        option: null,
        productId: 'HOOD-N',
        imageUrl: null,
        quantity: 1,
        price: 30,
      },
      {
        name: 'Woo Logo Sticker',
        option: null,
        productId: null,
        imageUrl: null,
        quantity: 3,
        price: 2.5,
      },
    ]);
  });
});
