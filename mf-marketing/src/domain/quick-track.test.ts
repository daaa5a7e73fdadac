import { describe, expect, it } from 'vitest';
import { missingQuickTrackFields, quickTrackMessage, quickTrackPath } from './quick-track.js';

describe('quickTrackPath', () => {
  it('opens /track with order, email and postcode as query parameters', () => {
    expect(quickTrackPath({ order: ' 1001 ', email: 'ada@mail.test', postcode: 'SW1A 1AA' })).toBe(
      '/track?order=1001&email=ada%40mail.test&postcode=SW1A+1AA',
    );
  });
});

describe('missingQuickTrackFields', () => {
  it('finds nothing missing when every field has a value', () => {
    expect(missingQuickTrackFields({ order: '1001', email: 'a@b.test', postcode: 'N1' })).toEqual(
      [],
    );
  });

  it('counts a field of spaces as empty and keeps the form’s order', () => {
    expect(missingQuickTrackFields({ order: ' ', email: 'a@b.test', postcode: '' })).toEqual([
      'order',
      'postcode',
    ]);
  });
});

describe('quickTrackMessage', () => {
  it('names one missing field', () => {
    expect(quickTrackMessage(['email'])).toBe('Please enter your email.');
  });

  it('names two or three missing fields as a list', () => {
    expect(quickTrackMessage(['order', 'postcode'])).toBe(
      'Please enter your order number and postcode.',
    );
    expect(quickTrackMessage(['order', 'email', 'postcode'])).toBe(
      'Please enter your order number, email and postcode.',
    );
  });
});
