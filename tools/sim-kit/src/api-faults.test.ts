import { describe, expect, it } from 'vitest';
import { ApiFaultState, decodedUrl, type ApiFaults } from './api-faults.js';

interface PathTarget {
  match?: string;
}
interface Faults extends ApiFaults<PathTarget> {
  note?: { text: string } | null;
}
interface Request {
  url: string;
}

function faultState() {
  return new ApiFaultState<PathTarget, Request, Faults>(
    ['rateLimit', 'delay', 'serverError', 'note'],
    (target, request) => target.match === undefined || request.url.includes(target.match),
  );
}

const orders = { url: '/orders?page=2' };
const accounts = { url: '/accounts' };

describe('ApiFaultState', () => {
  it('merges an update: a present key replaces its fault, null clears it, an absent key stays', () => {
    const faults = faultState();
    faults.set({ delay: { ms: 10 }, note: { text: 'a' } });
    expect(faults.set({ delay: null, serverError: { next: 1 } })).toEqual({
      note: { text: 'a' },
      serverError: { next: 1 },
    });
    faults.clear();
    expect(faults.current()).toEqual({});
  });

  it('hands out copies, so what a caller changes is not what the next request meets', () => {
    const faults = faultState();
    const update = { serverError: { next: 1 } };
    faults.set(update);
    update.serverError.next = 5;
    faults.current().serverError!.next = 7;
    expect(faults.outcome(orders, 0)).toEqual({ kind: 'server-error', status: 500 });
    expect(faults.outcome(orders, 0)).toEqual({ kind: 'pass' });
  });

  it('delays only targeted requests, and a counted delay only so many times', () => {
    const faults = faultState();
    faults.set({ delay: { ms: 250, next: 2, match: '/orders' } });
    expect(faults.delayFor(accounts)).toBe(0);
    expect([faults.delayFor(orders), faults.delayFor(orders), faults.delayFor(orders)]).toEqual([
      250, 250, 0,
    ]);
    expect(faults.current()).toEqual({});
  });

  it('rate-limits the next N requests, then lets them through and forgets the fault', () => {
    const faults = faultState();
    faults.set({ rateLimit: { next: 2, retryAfterSeconds: 3 } });
    const outcomes = [0, 1, 2].map(() => faults.outcome(orders, 0));
    expect(outcomes).toEqual([
      { kind: 'rate-limited', retryAfterSeconds: 3 },
      { kind: 'rate-limited', retryAfterSeconds: 3 },
      { kind: 'pass' },
    ]);
    expect(faults.current()).toEqual({});
  });

  it('rate-limits every Nth request, counting again from a fault set anew', () => {
    const faults = faultState();
    faults.set({ rateLimit: { every: 3, omitRetryAfter: true } });
    const kinds = () => [0, 1, 2].map(() => faults.outcome(orders, 0).kind);
    expect(kinds()).toEqual(['pass', 'pass', 'rate-limited']);
    faults.outcome(orders, 0);
    faults.set({ rateLimit: { every: 3, omitRetryAfter: true } });
    expect(kinds()).toEqual(['pass', 'pass', 'rate-limited']);
    expect(faults.outcome(orders, 0)).toEqual({ kind: 'pass' });
  });

  it('allows N requests in any rolling second and says when the next slot frees', () => {
    const faults = faultState();
    faults.set({ rateLimit: { perSecond: 2 } });
    expect(faults.outcome(orders, 1_000).kind).toBe('pass');
    expect(faults.outcome(orders, 1_400).kind).toBe('pass');
    expect(faults.outcome(orders, 1_500)).toEqual({ kind: 'rate-limited', retryAfterSeconds: 1 });
    expect(faults.outcome(orders, 2_000).kind).toBe('pass');
  });

  it('fails the next N targeted requests with the status asked for', () => {
    const faults = faultState();
    faults.set({ serverError: { next: 1, status: 503, match: '/orders' } });
    expect(faults.outcome(accounts, 0)).toEqual({ kind: 'pass' });
    expect(faults.outcome(orders, 0)).toEqual({ kind: 'server-error', status: 503 });
    expect(faults.outcome(orders, 0)).toEqual({ kind: 'pass' });
  });

  it('answers a 429 before a 5xx when both are set', () => {
    const faults = faultState();
    faults.set({ rateLimit: { next: 1 }, serverError: { next: 1 } });
    expect(faults.outcome(orders, 0).kind).toBe('rate-limited');
    expect(faults.outcome(orders, 0).kind).toBe('server-error');
  });
});

describe('decodedUrl', () => {
  it('decodes a percent-encoded URL and leaves one that does not decode as sent', () => {
    expect(decodedUrl('/orders?page%5Boffset%5D=40')).toBe('/orders?page[offset]=40');
    expect(decodedUrl('/orders?q=%E0%A4%A')).toBe('/orders?q=%E0%A4%A');
  });
});
