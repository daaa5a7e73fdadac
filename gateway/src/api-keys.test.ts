import { describe, expect, it, vi } from 'vitest';
import type { Context } from 'koa';
import { apiKeyMessages, listTrackingEntries, markShipped, getSettings } from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { HttpError } from '@onvelope/service-kit/errors';
import { apiKeyCache, apiKeyCredentialOf, apiKeyGate, type ApiKeyIdentity } from './api-keys.js';
import { FixedWindowCounter } from './rate-limit.js';

const secret = `onv_live_${'a'.repeat(43)}`;
const identity = (overrides: Partial<ApiKeyIdentity> = {}): ApiKeyIdentity => ({
  keyId: 'key_1',
  accountId: 'acct-1',
  userId: 'user-1',
  scope: 'read',
  token: 'minted',
  expiresAtMs: 10 * 60_000,
  ...overrides,
});

describe('apiKeyCache', () => {
  it('asks svc-auth once a minute per key, and once for calls that come together', async () => {
    let now = 0;
    const ask = vi.fn(async () => identity());
    const cache = apiKeyCache({ ask, now: () => now });
    await Promise.all([cache.identify(secret), cache.identify(secret)]);
    await cache.identify(secret);
    expect(ask).toHaveBeenCalledTimes(1);
    now = 60_000;
    await cache.identify(secret);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('forgets a revoked key, and a user whose tokens were revoked, at once', async () => {
    const ask = vi.fn(async () => identity());
    const cache = apiKeyCache({ ask, now: () => 0 });
    await cache.identify(secret);
    cache.forgetKey('key_1');
    await cache.identify(secret);
    cache.forgetUser('user-1');
    await cache.identify(secret);
    cache.forgetKey('key_other');
    await cache.identify(secret);
    expect(ask).toHaveBeenCalledTimes(3);
  });

  it('remembers a refusal for the minute, and keeps no secret in memory', async () => {
    const ask = vi.fn(async () => {
      throw new HttpError(401, apiKeyMessages.revoked);
    });
    const cache = apiKeyCache({ ask, now: () => 0 });
    await expect(cache.identify(secret)).rejects.toThrow(apiKeyMessages.revoked);
    await expect(cache.identify(secret)).rejects.toThrow(apiKeyMessages.revoked);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('keeps a known key working while svc-auth cannot be asked, and 503 for an unknown one', async () => {
    let now = 0;
    let up = true;
    const ask = vi.fn(async () => {
      if (!up) throw new HttpError(503, apiKeyMessages.unavailable);
      return identity();
    });
    const cache = apiKeyCache({ ask, now: () => now });
    await cache.identify(secret);
    up = false;
    now = 61_000;
    await expect(cache.identify(secret)).resolves.toMatchObject({ keyId: 'key_1' });
    // Not asked again on every call while svc-auth is away: in 5 s.
    await cache.identify(secret);
    expect(ask).toHaveBeenCalledTimes(2);
    now += 5_000;
    await cache.identify(secret);
    expect(ask).toHaveBeenCalledTimes(3);
    await expect(cache.identify(`onv_live_${'b'.repeat(43)}`)).rejects.toMatchObject({
      status: 503,
    });
    // Never a token in its last 30 s.
    now = 10 * 60_000 - 20_000;
    await expect(cache.identify(secret)).rejects.toMatchObject({ status: 503 });
  });
});

describe('apiKeyGate', () => {
  const contextWith = (headers: Record<string, string>) => {
    const info = vi.fn();
    const log = { child: vi.fn(() => ({ info }) as unknown as Logger) } as unknown as Logger;
    const reqHeaders: Record<string, string> = { ...headers };
    const set = vi.fn();
    return {
      get: (name: string) => reqHeaders[name.toLowerCase()] ?? '',
      req: { headers: reqHeaders },
      state: { log },
      set,
    } as unknown as Context & { set: typeof set; req: { headers: Record<string, string> } };
  };
  const cacheOf = (scope: ApiKeyIdentity['scope']) => ({
    identify: async () => identity({ scope }),
  });
  const roomy = { counter: new FixedWindowCounter(60_000, 100) };

  it('reads a key from X-Api-Key or a Bearer starting onv_, and leaves session tokens alone', () => {
    expect(apiKeyCredentialOf(contextWith({ 'x-api-key': secret }))).toBe(secret);
    expect(apiKeyCredentialOf(contextWith({ authorization: `Bearer ${secret}` }))).toBe(secret);
    expect(apiKeyCredentialOf(contextWith({ authorization: 'Bearer eyJhbGciOi' }))).toBeUndefined();
  });

  it('forwards a key’s call with its token, never the key, and logs it under the key’s id', async () => {
    const ctx = contextWith({ 'x-api-key': secret });
    const requestLog = ctx.state.log as unknown as { child: ReturnType<typeof vi.fn> };
    await apiKeyGate(cacheOf('read'), roomy).admit(ctx, listTrackingEntries);
    expect(ctx.req.headers).toEqual({ authorization: 'Bearer minted' });
    expect(requestLog.child).toHaveBeenCalledWith({ apiKeyId: 'key_1' });
    expect(ctx.state.log).not.toBe(requestLog);
  });

  it('refuses a malformed key (401), a route keys may not call and a write by a read-only key (403)', async () => {
    const gate = apiKeyGate(cacheOf('read'), roomy);
    await expect(
      gate.admit(contextWith({ 'x-api-key': 'onv_x' }), listTrackingEntries),
    ).rejects.toMatchObject({ status: 401, message: apiKeyMessages.invalid });
    await expect(
      gate.admit(contextWith({ 'x-api-key': secret }), getSettings),
    ).rejects.toMatchObject({ status: 403, message: apiKeyMessages.routeNotAllowed });
    await expect(
      gate.admit(contextWith({ 'x-api-key': secret }), markShipped),
    ).rejects.toMatchObject({ status: 403, message: apiKeyMessages.readOnly });
    await expect(
      apiKeyGate(cacheOf('read_write'), roomy).admit(
        contextWith({ 'x-api-key': secret }),
        markShipped,
      ),
    ).resolves.toBeUndefined();
  });

  it('refuses a call that sends a key in X-Api-Key and another credential in Authorization (400)', async () => {
    const gate = apiKeyGate(cacheOf('read_write'), roomy);
    for (const authorization of ['Bearer eyJhbGciOi', `Bearer ${secret}`]) {
      await expect(
        gate.admit(contextWith({ 'x-api-key': secret, authorization }), listTrackingEntries),
      ).rejects.toMatchObject({ status: 400, message: apiKeyMessages.twoCredentials });
    }
  });

  it('answers 429 with Retry-After past the key’s limit', async () => {
    const gate = apiKeyGate(cacheOf('read'), { counter: new FixedWindowCounter(60_000, 1) });
    await gate.admit(contextWith({ 'x-api-key': secret }), listTrackingEntries);
    const ctx = contextWith({ 'x-api-key': secret });
    await expect(gate.admit(ctx, listTrackingEntries)).rejects.toMatchObject({ status: 429 });
    expect(ctx.set).toHaveBeenCalledWith('Retry-After', expect.stringMatching(/^\d+$/));
  });

  it('passes a call without a key untouched, and takes no key without NATS', async () => {
    const plain = contextWith({ authorization: 'Bearer eyJ' });
    await apiKeyGate(undefined, roomy).admit(plain, listTrackingEntries);
    expect(plain.req.headers).toEqual({ authorization: 'Bearer eyJ' });
    await expect(
      apiKeyGate(undefined, roomy).admit(contextWith({ 'x-api-key': secret }), listTrackingEntries),
    ).rejects.toMatchObject({ status: 503 });
  });
});
