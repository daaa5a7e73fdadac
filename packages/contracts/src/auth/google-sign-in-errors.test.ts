import { describe, expect, it } from 'vitest';
import { googleSignInErrorMessage, googleSignInErrors } from './google-sign-in-errors.js';

describe('googleSignInErrorMessage', () => {
  it.each(Object.entries(googleSignInErrors))('shows the product words for %s', (code, words) => {
    expect(googleSignInErrorMessage(code)).toBe(words);
  });

  it.each([
    'Your account is locked. Call +44 20 7946 0000 to unlock it.',
    '<img src=x onerror=alert(1)>',
    'Google sign-in was cancelled.',
    'CANCELLED',
    'toString',
    '__proto__',
    'constructor',
  ])('shows the generic failure, never the text, for %j', (value) => {
    expect(googleSignInErrorMessage(value)).toBe('Google sign-in failed. Please try again.');
  });

  it('shows nothing without an error', () => {
    expect(googleSignInErrorMessage(null)).toBeNull();
    expect(googleSignInErrorMessage(undefined)).toBeNull();
    expect(googleSignInErrorMessage('')).toBeNull();
  });

  it('has codes fit for an address, as they are sent', () => {
    for (const code of Object.keys(googleSignInErrors)) {
      expect(encodeURIComponent(code)).toBe(code);
    }
  });
});
