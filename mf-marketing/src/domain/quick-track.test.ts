import { describe, expect, it } from 'vitest';
import { quickTrackPath } from './quick-track.js';

describe('quickTrackPath', () => {
  it('opens /track with order, email and postcode as query parameters', () => {
    expect(quickTrackPath({ order: ' 1001 ', email: 'ada@mail.test', postcode: 'SW1A 1AA' })).toBe(
      '/track?order=1001&email=ada%40mail.test&postcode=SW1A+1AA',
    );
  });

  it('keeps empty parameters so the tracking page can ask for the missing fields', () => {
    expect(quickTrackPath({ order: '', email: '', postcode: '' })).toBe(
      '/track?order=&email=&postcode=',
    );
  });
});
