import { describe, expect, it } from 'vitest';
import { easyPostTime, localTime, toEasyPostJson } from './easypost-json.js';

describe('JSON as EasyPost writes it', () => {
  it('writes whole weights as floats and leaves other numbers alone', () => {
    expect(toEasyPostJson({ weight: 16, count: 3, nested: { weight: 17.6 }, other: null })).toBe(
      '{"weight":16.0,"count":3,"nested":{"weight":17.6},"other":null}',
    );
    expect(toEasyPostJson({ weight: null, note: '"weight":12,' })).toBe(
      '{"weight":null,"note":"\\"weight\\":12,"}',
    );
  });

  it('writes times in UTC without milliseconds, and local times with their offset', () => {
    const moment = Date.parse('2026-07-04T15:30:45.123Z');
    expect(easyPostTime(moment)).toBe('2026-07-04T15:30:45Z');
    expect(localTime(moment, 'America/Chicago')).toBe('2026-07-04T10:30:45-05:00');
    expect(localTime(moment, 'Australia/Adelaide')).toBe('2026-07-05T01:00:45+09:30');
  });
});
