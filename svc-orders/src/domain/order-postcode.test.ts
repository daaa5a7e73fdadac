import { describe, expect, it } from 'vitest';
import { postcodeOf, shippingZipOf } from './order-postcode.js';

describe('an order postcode, whichever field holds it', () => {
  it('reads a CSV order (postcode only) as its zip too', () => {
    expect(shippingZipOf({ postcode: 'SW1A 1AA', shippingZip: null })).toBe('SW1A 1AA');
    expect(postcodeOf({ postcode: 'SW1A 1AA' })).toBe('SW1A 1AA');
  });

  it('reads a store-front order (zip only) as its postcode too', () => {
    expect(postcodeOf({ postcode: null, shippingZip: '94107' })).toBe('94107');
    expect(shippingZipOf({ shippingZip: '94107' })).toBe('94107');
  });

  it('keeps each field its own value when both are stored', () => {
    const order = { postcode: 'EC1A 1BB', shippingZip: 'N1 9GU' };
    expect(postcodeOf(order)).toBe('EC1A 1BB');
    expect(shippingZipOf(order)).toBe('N1 9GU');
  });

  it("counts 'Unknown' and blanks as missing", () => {
    expect(postcodeOf({ postcode: 'Unknown', shippingZip: '94107' })).toBe('94107');
    expect(shippingZipOf({ postcode: ' unknown ', shippingZip: '  ' })).toBeNull();
    expect(postcodeOf({})).toBeNull();
  });
});
