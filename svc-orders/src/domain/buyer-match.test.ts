import { describe, expect, it } from 'vitest';
import {
  detailsMatchOrder,
  normalisePostcode,
  orderNumberKey,
  orderNumberVariants,
  theOneMatch,
} from './buyer-match.js';

const order = { email: 'Ada@Example.com', postcode: 'SW1A 1AA', shippingZip: null };

describe('buyer details matching an order', () => {
  it('compares postcodes trimmed, upper-cased and without spaces', () => {
    expect(normalisePostcode('  sw1a 1aa ')).toBe('SW1A1AA');
    expect(detailsMatchOrder(order, { email: 'ada@example.com', postcode: 'sw1a1aa' })).toBe(true);
  });

  it("treats the postcode 'Unknown' as missing, so such an order never matches", () => {
    expect(normalisePostcode(' unknown ')).toBeNull();
    expect(
      detailsMatchOrder(
        { email: 'a@b.c', postcode: 'Unknown' },
        { email: 'a@b.c', postcode: 'Unknown' },
      ),
    ).toBe(false);
  });

  it('falls back to the shipping zip when the order has no postcode', () => {
    expect(
      detailsMatchOrder(
        { email: 'a@b.c', postcode: null, shippingZip: '90210' },
        { email: 'A@B.C', postcode: '90210' },
      ),
    ).toBe(true);
  });

  it('refuses a wrong email or a wrong postcode', () => {
    expect(detailsMatchOrder(order, { email: 'eve@example.com', postcode: 'SW1A 1AA' })).toBe(
      false,
    );
    expect(detailsMatchOrder(order, { email: 'ada@example.com', postcode: 'SW1A 1AB' })).toBe(
      false,
    );
  });

  it("finds '#1001' from '1001' and the other way round", () => {
    expect(orderNumberVariants('1001')).toEqual(['1001', '#1001']);
    expect(orderNumberVariants(' #1001 ')).toEqual(['#1001', '1001']);
    expect(orderNumberKey('#AB-1')).toBe(orderNumberKey('ab-1'));
  });

  it('answers no order when the details match orders of two sellers', () => {
    const details = { email: 'ada@example.com', postcode: 'SW1A 1AA' };
    expect(theOneMatch([order, { ...order, email: 'x@y.z' }], details)).toBe(order);
    expect(theOneMatch([order, { ...order }], details)).toBeNull();
  });
});
