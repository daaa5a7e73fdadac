import { describe, expect, it } from 'vitest';
import {
  announceSessionExpired,
  isSessionExpiryMessage,
  whenSessionExpires,
} from './session-expiry.js';

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

describe('whenSessionExpires', () => {
  it('tells each listener every time the session is announced over, until it stops', () => {
    const heard: string[] = [];
    const stopFirst = whenSessionExpires(() => heard.push('first'));
    const stopSecond = whenSessionExpires(() => heard.push('second'));
    announceSessionExpired();
    stopFirst();
    announceSessionExpired();
    stopSecond();
    announceSessionExpired();
    expect(heard).toEqual(['first', 'second', 'second']);
  });
});
