import { describe, expect, it } from 'vitest';
import { ApiError } from '@onvelope/ui';
import {
  linkTokenFromSearch,
  lookupFailure,
  missingFieldsMessage,
  normaliseTrackQuery,
  trackQueryFromSearch,
  trackQueryProblem,
} from './track-query.js';

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

describe('trackQueryProblem', () => {
  it("says 'Please fill in all fields' while any of the three is blank, and nothing once all are filled", () => {
    expect(missingFieldsMessage).toBe('Please fill in all fields');
    const fields = { email: '', postcode: '', orderNumber: '' };
    expect(trackQueryProblem(fields)).toBe(missingFieldsMessage);
    expect(trackQueryProblem({ ...fields, email: 'ada@mail.test' })).toBe(missingFieldsMessage);
    expect(trackQueryProblem({ email: 'ada@mail.test', postcode: ' ', orderNumber: '1001' })).toBe(
      missingFieldsMessage,
    );
    expect(
      trackQueryProblem({ email: 'ada@mail.test', postcode: 'sw1a 1aa', orderNumber: '1001' }),
    ).toBeNull();
  });

  it('accepts the claim dialog’s fields, nickname and all', () => {
    const claim = { email: 'ada@mail.test', postcode: 'M1 1AE', orderNumber: '', nickname: 'Tea' };
    expect(trackQueryProblem(claim)).toBe(missingFieldsMessage);
    expect(trackQueryProblem({ ...claim, orderNumber: 'CLM-1' })).toBeNull();
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

describe('linkTokenFromSearch', () => {
  it('reads the signed link token, and nothing when the link parameter is absent or blank', () => {
    expect(linkTokenFromSearch(new URLSearchParams('link=abc.def'))).toBe('abc.def');
    expect(linkTokenFromSearch(new URLSearchParams('link=%20'))).toBeNull();
    expect(linkTokenFromSearch(new URLSearchParams('order=1'))).toBeNull();
  });
});

describe('lookupFailure', () => {
  it("shows the server's message, else 'Order not found'", () => {
    const refused = new ApiError(429, 'x', [], {
      serverMessage: 'Too many lookups. Try again in a minute.',
    });
    expect(lookupFailure(refused)).toBe('Too many lookups. Try again in a minute.');
    expect(lookupFailure(new ApiError(404, 'HTTP 404'))).toBe('Order not found');
  });

  it('says the lookup failed when no answer came', () => {
    expect(lookupFailure(new ApiError(0, 'Network request failed'))).toBe(
      'Failed to lookup order. Please try again.',
    );
  });
});
