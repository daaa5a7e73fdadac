import { describe, expect, it } from 'vitest';
import {
  codeLifetimeMs,
  codeMatches,
  codeMessages,
  codeState,
  generateCode,
  maxCodeAttempts,
  newCode,
  resendCooldownMs,
  secondsUntilResend,
} from './one-time-code.js';

const t0 = new Date('2026-03-01T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

describe('one-time codes', () => {
  it('makes 6-digit codes, zero-padded, that vary', () => {
    const codes = Array.from({ length: 200 }, generateCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it('stores a salted hash, never the code, and matches only the code', () => {
    const { code, stored } = newCode(t0);
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(codeMatches(stored, code)).toBe(true);
    expect(codeMatches(stored, code === '000000' ? '000001' : '000000')).toBe(false);
    const again = newCode(t0);
    expect(again.stored.salt).not.toBe(stored.salt);
  });

  it('keeps a code open for 15 minutes, then calls it expired', () => {
    const { stored } = newCode(t0);
    expect(codeLifetimeMs).toBe(15 * 60_000);
    expect(codeState(stored, at(codeLifetimeMs - 1))).toBe('open');
    expect(codeState(stored, at(codeLifetimeMs))).toBe('expired');
  });

  it('calls a code exhausted after 5 tries, before expiry is considered', () => {
    const { stored } = newCode(t0);
    expect(maxCodeAttempts).toBe(5);
    expect(codeState({ ...stored, attempts: 4 }, t0)).toBe('open');
    expect(codeState({ ...stored, attempts: 5 }, t0)).toBe('exhausted');
    expect(codeState({ ...stored, attempts: 5 }, at(codeLifetimeMs))).toBe('exhausted');
    expect(codeState(null, t0)).toBe('missing');
  });

  it('counts the resend cooldown down in whole seconds', () => {
    expect(resendCooldownMs).toBe(60_000);
    expect(secondsUntilResend(null, t0)).toBe(0);
    expect(secondsUntilResend(t0, at(0))).toBe(60);
    expect(secondsUntilResend(t0, at(20_500))).toBe(40);
    expect(secondsUntilResend(t0, at(59_001))).toBe(1);
    expect(secondsUntilResend(t0, at(60_000))).toBe(0);
    expect(codeMessages.wait(40)).toBe('Please wait 40 seconds before requesting a new code.');
  });
});
