import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStoreFrontSim, type StoreCredentials, type StoreFrontSim } from '../src/index.js';
import { call, ordersPath } from './helpers.js';

describe('fault injection and request counting', () => {
  let sim: StoreFrontSim;
  let store: StoreCredentials;
  let other: StoreCredentials;
  beforeAll(async () => {
    sim = await startStoreFrontSim({ seed: 9, stores: [{ ordersCount: 60 }, { ordersCount: 10 }] });
    [store, other] = sim.stores as [StoreCredentials, StoreCredentials];
  });
  afterEach(async () => {
    await sim.clearFaults();
    await sim.clearStoreFaults(store.accountId);
    await sim.clearStoreFaults(other.accountId);
    await sim.resetRequests();
  });
  afterAll(() => sim.close());

  const orders = (query = '', token = store.accessToken, accountId = store.accountId) =>
    call(sim, token, ordersPath(accountId, query));

  it('answers 429 with Retry-After to the next N requests, then serves again', async () => {
    await sim.setFaults({ rateLimit: { next: 2, retryAfterSeconds: 3 } });
    const first = await orders();
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('3');
    expect(first.body).toMatchObject({ errors: [{ status: '429', code: 'rate_limited' }] });
    expect((await orders()).status).toBe(429);
    expect((await orders()).status).toBe(200);
  });

  it('rate-limits every Nth request, and can leave Retry-After out', async () => {
    await sim.setFaults({ rateLimit: { every: 3, omitRetryAfter: true } });
    const statuses: number[] = [];
    let lastLimited: Headers | undefined;
    for (let i = 0; i < 6; i += 1) {
      const response = await orders();
      statuses.push(response.status);
      if (response.status === 429) lastLimited = response.headers;
    }
    expect(statuses).toEqual([200, 200, 429, 200, 200, 429]);
    expect(lastLimited!.has('retry-after')).toBe(false);
  });

  it('limits requests per rolling second, telling the client how long to wait', async () => {
    await sim.setFaults({ rateLimit: { perSecond: 3 } });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await orders()).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = await orders();
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('fails the next N matching requests with the chosen 5xx, leaving other stores alone', async () => {
    await sim.setFaults({
      serverError: {
        next: 2,
        status: 503,
        accountId: store.accountId,
        match: 'page[offset]=20',
      },
    });
    expect((await orders('page[offset]=0')).status).toBe(200);
    expect((await orders('', other.accessToken, other.accountId)).status).toBe(200);
    const failed = await orders('page[offset]=20');
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ errors: [{ status: '503' }] });
    expect((await orders('page[offset]=20')).status).toBe(503);
    expect((await orders('page[offset]=20')).status).toBe(200);
    expect(await sim.getFaults()).toEqual({});
  });

  it('answers slowly while a delay is set', async () => {
    // A delay far above a request's own time, so a loaded machine cannot blur the two.
    await sim.setFaults({ delay: { ms: 1_000, next: 1 } });
    const started = Date.now();
    expect((await orders()).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    expect(await sim.getFaults()).toEqual({});
    const quick = Date.now();
    await orders();
    expect(Date.now() - quick).toBeLessThan(990);
  });

  it("slows and fails one store's requests by its own faults, beside another store's", async () => {
    // Two stores each with a delay of their own at once: one global delay could not do it.
    await sim.setStoreFaults(store.accountId, { delay: { ms: 1_000 } });
    await sim.setStoreFaults(other.accountId, { serverError: { next: 1, status: 502 } });
    expect(await sim.getStoreFaults(store.accountId)).toEqual({ delay: { ms: 1_000 } });

    const slowStarted = Date.now();
    expect((await orders()).status).toBe(200);
    expect(Date.now() - slowStarted).toBeGreaterThanOrEqual(990);
    const quickStarted = Date.now();
    expect((await orders('', other.accessToken, other.accountId)).status).toBe(502);
    expect((await orders('', other.accessToken, other.accountId)).status).toBe(200);
    expect(Date.now() - quickStarted).toBeLessThan(990);
    expect(await sim.getStoreFaults(other.accountId)).toEqual({});
    // Not under /v1/accounts/{id}: no store's own fault applies.
    const listStarted = Date.now();
    expect((await call(sim, store.accessToken, '/v1/accounts')).status).toBe(200);
    expect(Date.now() - listStarted).toBeLessThan(990);

    // The global faults still apply to a store with faults of its own, after them.
    await sim.setFaults({ rateLimit: { next: 1 } });
    await sim.setStoreFaults(store.accountId, { delay: null, serverError: { next: 1 } });
    expect((await orders()).status).toBe(500);
    expect((await orders()).status).toBe(429);
    expect((await orders()).status).toBe(200);

    await sim.setStoreFaults(store.accountId, { delay: { ms: 1_000 } });
    await sim.clearStoreFaults(store.accountId);
    expect(await sim.getStoreFaults(store.accountId)).toEqual({});
    const clearedStarted = Date.now();
    await orders();
    expect(Date.now() - clearedStarted).toBeLessThan(990);
  });

  it('revokes a token on demand, after which it gets 401', async () => {
    const token = await sim.issueToken(store.accountId);
    expect((await orders('', token)).status).toBe(200);
    expect(await sim.revokeToken(token)).toBe(true);
    expect((await orders('', token)).status).toBe(401);
    expect(await sim.revokeToken('unknown')).toBe(false);
  });

  it('revokes a token after a number of requests, as an owner revoking mid-sync would', async () => {
    const token = await sim.issueToken(store.accountId);
    await sim.setFaults({ revokeToken: { token, afterRequests: 2 } });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await orders('', token)).status);
    expect(statuses).toEqual([200, 200, 401, 401]);
  });

  it('counts the requests made, by route, status and account', async () => {
    await orders();
    await orders('page[offset]=20');
    await call(sim, store.accessToken, '/v1/accounts');
    await call(sim, store.accessToken, '/v1/accounts', { headers: { Accept: 'text/html' } });
    expect(await sim.requestCount()).toBe(4);
    expect(await sim.requestCount({ route: '/v1/accounts/:accountId/orders' })).toBe(2);
    expect(await sim.requestCount({ status: 406 })).toBe(1);
    expect(await sim.requestCount({ accountId: store.accountId, method: 'GET' })).toBe(3);
    const [first] = await sim.requests({ route: '/v1/accounts/:accountId/orders' });
    expect(first).toMatchObject({
      method: 'GET',
      status: 200,
      userAgent: 'ONVELOPE tests (https://onvelope.example)',
    });
    await sim.resetRequests();
    expect(await sim.requestCount()).toBe(0);
  });
});
