import { describe, expect, it } from 'vitest';
import { googleLandingTarget, googleLandingToken } from './google-landing.js';

describe('googleLandingToken', () => {
  it('takes the token from /login?token=', () => {
    expect(googleLandingToken(new URL('https://site.test/login?token=abc.def.ghi'))).toBe(
      'abc.def.ghi',
    );
  });

  it('ignores other paths, an error landing and an empty token', () => {
    expect(googleLandingToken(new URL('https://site.test/dashboard?token=abc'))).toBeNull();
    expect(googleLandingToken(new URL('https://site.test/login?error=Denied'))).toBeNull();
    expect(googleLandingToken(new URL('https://site.test/login?token='))).toBeNull();
  });
});

describe('googleLandingTarget', () => {
  it('goes to /dashboard when onboarding is complete and to /trial-agreement when it is not', () => {
    expect(googleLandingTarget('complete')).toBe('/dashboard');
    expect(googleLandingTarget('incomplete')).toBe('/trial-agreement');
  });

  it('goes to /dashboard when the profile cannot be read', () => {
    expect(googleLandingTarget('failed')).toBe('/dashboard');
  });

  it('goes back to a clean /login when the token is not usable', () => {
    expect(googleLandingTarget('signed-out')).toBe('/login');
  });
});
