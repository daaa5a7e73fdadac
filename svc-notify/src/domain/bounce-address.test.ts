import { describe, expect, it } from 'vitest';
import {
  bounceAddressFor,
  isBaseBounceAddress,
  notificationIdOfBounceAddress,
  notificationIdsInText,
} from './bounce-address.js';

const secret = 'a-secret-of-at-least-16';
const base = 'Bounces@Mail.Example.com';
const id = '65a1b2c3d4e5f60718293a4b';

describe('bounce addresses', () => {
  it('tags the envelope sender with the message and reads it back, whatever the case', () => {
    const address = bounceAddressFor(secret, base, id);
    expect(address).toMatch(/^bounces\+65a1b2c3d4e5f60718293a4b-[0-9a-f]{20}@mail\.example\.com$/);
    expect(address.split('@')[0]!.length).toBeLessThanOrEqual(64);
    expect(notificationIdOfBounceAddress(secret, base, address)).toBe(id);
    expect(notificationIdOfBounceAddress(secret, base, address.toUpperCase())).toBe(id);
  });

  it('ignores a forged, changed or foreign address', () => {
    const address = bounceAddressFor(secret, base, id);
    const other = '65a1b2c3d4e5f60718293a4c';
    const [, signature] = /-([0-9a-f]{20})@/.exec(address)!;
    for (const forged of [
      `bounces+${other}-${signature}@mail.example.com`,
      bounceAddressFor('another-secret-16+', base, id),
      address.replace('mail.example.com', 'evil.example.com'),
      address.replace('bounces+', 'postmaster+'),
      'bounces@mail.example.com',
      `bounces+${id}@mail.example.com`,
      'nonsense',
    ]) {
      expect(notificationIdOfBounceAddress(secret, base, forged), forged).toBeNull();
    }
  });

  it('finds the messages of the genuine tagged addresses a text quotes, once each', () => {
    const other = '65a1b2c3d4e5f60718293a4c';
    const address = bounceAddressFor(secret, base, id);
    const text = [
      `Return-Path: <${address.toUpperCase()}>`,
      `Original-Mail-From: <${address}>`,
      `X-Forged: ${bounceAddressFor('another-secret-16+', base, other)}`,
      `X-Elsewhere: ${address.replace('mail.example.com', 'evil.example.com')}`,
    ].join('\r\n');
    expect(notificationIdsInText(secret, base, text)).toEqual([id]);
    expect(notificationIdsInText(secret, 'not an address', text)).toEqual([]);
  });

  it('knows the untagged base address in any case', () => {
    expect(isBaseBounceAddress(base, 'bounces@mail.example.com')).toBe(true);
    expect(isBaseBounceAddress(base, bounceAddressFor(secret, base, id))).toBe(false);
    expect(isBaseBounceAddress(base, 'bounces@other.example.com')).toBe(false);
  });
});
