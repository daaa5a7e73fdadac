import { describe, expect, it } from 'vitest';
import { normaliseTrackQuery, trackQueryFromSearch } from './track-query.js';

describe('normaliseTrackQuery', () => {
  it('trims every field and upper-cases the postcode', () => {
    expect(
      normaliseTrackQuery({
        email: ' ada@mail.test ',
        postcode: ' sw1a 1aa ',
        orderNumber: ' 1001 ',
      }),
    ).toEqual({ email: 'ada@mail.test', postcode: 'SW1A 1AA', orderNumber: '1001' });
  });

  it.each([
    { email: '', postcode: 'SW1A 1AA', orderNumber: '1001' },
    { email: 'ada@mail.test', postcode: '   ', orderNumber: '1001' },
    { email: 'ada@mail.test', postcode: 'SW1A 1AA', orderNumber: '' },
  ])('refuses a query with a blank field: %o', (input) => {
    expect(normaliseTrackQuery(input)).toBeNull();
  });
});

describe('trackQueryFromSearch', () => {
  it('reads order, email and postcode from the Quick Track query parameters', () => {
    expect(
      trackQueryFromSearch(new URLSearchParams('order=1001&email=a%40b.test&postcode=SW1A')),
    ).toEqual({ orderNumber: '1001', email: 'a@b.test', postcode: 'SW1A' });
  });

  it('starts with empty fields when the parameters are absent', () => {
    expect(trackQueryFromSearch(new URLSearchParams())).toEqual({
      orderNumber: '',
      email: '',
      postcode: '',
    });
  });
});
