import { describe, expect, it } from 'vitest';
import { isSessionExpiryMessage } from './session-expiry.js';

describe('isSessionExpiryMessage', () => {
  it.each([
    'Token expired',
    'Invalid token',
    'Unauthorized',
    'jwt expired',
    'JWT malformed',
    'invalid signature',
    'Your session has EXPIRED, please sign in',
  ])('treats "%s" as an expired session', (message) => {
    expect(isSessionExpiryMessage(message)).toBe(true);
  });

  it.each(['Order not found', 'Failed to load analytics data. Please try again.', ''])(
    'does not treat "%s" as an expired session',
    (message) => {
      expect(isSessionExpiryMessage(message)).toBe(false);
    },
  );
});
