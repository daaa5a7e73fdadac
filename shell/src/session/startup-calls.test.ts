import { getProfile } from '@onvelope/contracts';
import { describe, expect, it } from 'vitest';
import { endsSession, profilePath } from './startup-calls.js';

describe('startup calls', () => {
  it("call the contracts' profile route", () => {
    expect(getProfile.method).toBe('GET');
    expect(profilePath).toBe(getProfile.path);
  });

  it('end the session on a 401 or an expiry message, never on a 402', () => {
    expect(endsSession(401, '')).toBe(true);
    expect(endsSession(403, 'jwt expired')).toBe(true);
    expect(endsSession(402, 'Your free trial has expired.')).toBe(false);
    expect(endsSession(503, 'No services behind the bench server')).toBe(false);
  });
});
