import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyMessages, authenticateApiKey } from '@onvelope/contracts';
import { startGateway } from '@onvelope/gateway';
import { connectNats, requestCommand } from '@onvelope/service-kit/nats';
import { type RunningService } from '@onvelope/service-kit/http';
import { startOrdersService } from '@onvelope/svc-orders';
import {
  connectTestDatabase,
  publishBillingState,
  startService,
  testInfra,
  trialRunning,
  type StartedService,
} from '@onvelope/testkit';
import { bearer, startAuthHarness, type AuthHarness, type Reply } from './support/auth-harness.js';

// Issue 35: sellers' API keys, through two real gateways, svc-auth and svc-orders on the real
// MongoDB-compatible server and NATS.
describe('API keys', () => {
  let auth: AuthHarness;
  let orders: StartedService;
  let gatewayA: RunningService;
  let gatewayB: RunningService;
  let sellerA: { token: string; accountId: string };
  let sellerB: { token: string; accountId: string };
  const keyLimitOnB = 5;

  const gatewayEnv = () => ({
    PORT: '0',
    LOG_LEVEL: 'silent',
    SERVE_FRONTENDS: 'false',
    AUTH_SERVICE_URL: auth.url,
    ORDERS_SERVICE_URL: orders.url,
    NATS_URL: testInfra().natsUrl,
  });

  async function call(
    gateway: RunningService,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<Reply> {
    const response = await fetch(`${gateway.url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const reply = { status: response.status, body: text ? JSON.parse(text) : undefined };
    return Object.defineProperty(reply, 'headers', { value: response.headers }) as Reply;
  }

  async function seller(email: string) {
    const signedIn = await auth.verifiedAccount('seller', email);
    const { token, user } = signedIn.body as { token: string; user: { accountId: string } };
    await publishBillingState(testInfra().natsUrl, trialRunning(user.accountId));
    return { token, accountId: user.accountId };
  }

  async function createKey(token: string, name: string, scope: 'read' | 'read_write') {
    const created = await call(gatewayA, 'POST', '/auth/api-keys', bearer(token), { name, scope });
    expect(created.status).toBe(201);
    return created.body as { apiKey: { id: string; prefix: string }; secret: string };
  }

  async function importOrders(token: string, numbers: string[]) {
    const csv =
      'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl\n' +
      numbers.map((n) => `${n},Ada,Lovelace,ada@example.com,SW1A 1AA,pending,,,`).join('\n') +
      '\n';
    const form = new FormData();
    form.append('csvFile', new Blob([csv], { type: 'text/csv' }), 'orders.csv');
    const response = await fetch(`${gatewayA.url}/api/upload/csv`, {
      method: 'POST',
      headers: bearer(token),
      body: form,
    });
    expect(response.status).toBe(200);
  }

  const waitFor = async (check: () => Promise<boolean>, withinMs: number) => {
    const until = Date.now() + withinMs;
    while (Date.now() < until) {
      if (await check()) return Date.now();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`not within ${withinMs} ms`);
  };

  beforeAll(async () => {
    auth = await startAuthHarness();
    orders = await startService(startOrdersService, {
      AUTH_JWKS_URL: `${auth.url}/auth/.well-known/jwks.json`,
    });
    gatewayA = await startGateway(gatewayEnv());
    gatewayB = await startGateway({ ...gatewayEnv(), API_KEY_RATE_LIMIT: String(keyLimitOnB) });
    sellerA = await seller('keys-a@example.com');
    sellerB = await seller('keys-b@example.com');
  }, 60_000);

  afterAll(async () => {
    await gatewayA?.close();
    await gatewayB?.close();
    await orders?.close();
    await auth?.stop();
  });

  it('creates a key whose secret is shown once and stored only as a hash', async () => {
    const { apiKey, secret } = await createKey(sellerA.token, 'Zapier', 'read');
    expect(secret).toMatch(/^onv_live_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({ name: 'Zapier', scope: 'read', lastUsedAt: null });
    expect(secret.startsWith(apiKey.prefix)).toBe(true);

    const listed = await call(gatewayA, 'GET', '/auth/api-keys', bearer(sellerA.token));
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(9));
    expect(listed.body.apiKeys).toContainEqual(expect.objectContaining({ id: apiKey.id }));
    expect(listed.body.apiKeys[0]).not.toHaveProperty('secret');
    expect(listed.body.apiKeys[0]).not.toHaveProperty('secretHash');

    const db = await connectTestDatabase(auth.service.env.MONGO_DB);
    try {
      const stored = await db.collection('api_keys').findOne({ _id: apiKey.id as never });
      expect(JSON.stringify(stored)).not.toContain(secret.slice(9));
      expect(stored?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await db.close();
    }
    // Another seller does not see it.
    const others = await call(gatewayA, 'GET', '/auth/api-keys', bearer(sellerB.token));
    expect(others.body.apiKeys).toEqual([]);
  });

  it('lists and ships the seller’s orders with a read and write key, on either header', async () => {
    const { secret } = await createKey(sellerA.token, 'Order Desk', 'read_write');
    await importOrders(sellerA.token, ['KEY-A-1', 'KEY-A-2']);

    const listed = await call(gatewayA, 'GET', '/api/upload/tracking-entries', {
      authorization: `Bearer ${secret}`,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.entries.map((e: { orderNumber: string }) => e.orderNumber)).toEqual(
      expect.arrayContaining(['KEY-A-1', 'KEY-A-2']),
    );
    const searched = await call(gatewayA, 'GET', '/api/upload/search?q=KEY-A-1', {
      'x-api-key': secret,
    });
    expect(searched.status).toBe(200);
    expect(searched.body.results.map((e: { orderNumber: string }) => e.orderNumber)).toEqual([
      'KEY-A-1',
    ]);

    const shipped = await call(
      gatewayB,
      'PUT',
      '/api/bigcartel/orders/KEY-A-1/shipped',
      { 'x-api-key': secret },
      { trackingNumber: 'TN123', courier: 'Royal Mail' },
    );
    expect(shipped.status).toBe(200);
    expect(shipped.body.entry.orderNumber).toBe('KEY-A-1');
  });

  it('refuses a read-only key on a write, and any key on account, billing and key routes', async () => {
    const { secret } = await createKey(sellerA.token, 'Read only', 'read');
    const key = { authorization: `Bearer ${secret}` };
    const write = await call(gatewayA, 'PUT', '/api/bigcartel/orders/KEY-A-2/shipped', key, {
      trackingNumber: 'TN1',
      courier: 'DPD',
    });
    expect(write).toEqual({ status: 403, body: { error: apiKeyMessages.readOnly } });

    const { secret: writer } = await createKey(sellerA.token, 'Writer', 'read_write');
    for (const [method, path] of [
      ['GET', '/auth/settings'],
      ['GET', '/auth/profile'],
      ['GET', '/auth/api-keys'],
      ['POST', '/auth/api-keys'],
      ['GET', '/api/payments/subscription'],
      ['DELETE', '/api/upload/clear-all-data'],
    ] as const) {
      const refused = await call(
        gatewayA,
        method,
        path,
        { 'x-api-key': writer },
        method === 'POST' ? { name: 'x', scope: 'read' } : undefined,
      );
      expect(refused, `${method} ${path}`).toEqual({
        status: 403,
        body: { error: apiKeyMessages.routeNotAllowed },
      });
    }
  });

  it('answers 401 to a malformed or unknown key', async () => {
    for (const secret of ['onv_live_nope', `onv_live_${'x'.repeat(43)}`]) {
      const refused = await call(gatewayA, 'GET', '/api/upload/summary', { 'x-api-key': secret });
      expect(refused).toEqual({ status: 401, body: { error: apiKeyMessages.invalid } });
    }
  });

  it('shows seller B’s order as not found to seller A’s key', async () => {
    await importOrders(sellerB.token, ['KEY-B-1']);
    const { secret } = await createKey(sellerA.token, 'Tenancy', 'read_write');
    const shipped = await call(
      gatewayA,
      'PUT',
      '/api/bigcartel/orders/KEY-B-1/shipped',
      { 'x-api-key': secret },
      { trackingNumber: 'TN9', courier: 'DPD' },
    );
    expect(shipped.status).toBe(404);
    const searched = await call(gatewayA, 'GET', '/api/upload/search?q=KEY-B-1', {
      'x-api-key': secret,
    });
    expect(searched.status).toBe(200);
    expect(searched.body.totalCount).toBe(0);
    // Seller B's own session still finds it, unshipped.
    const own = await call(gatewayA, 'GET', '/api/upload/search?q=KEY-B-1', bearer(sellerB.token));
    expect(own.body.results).toEqual([
      expect.objectContaining({ orderNumber: 'KEY-B-1', status: 'pending' }),
    ]);
  });

  it('limits calls per key with 429 and Retry-After', async () => {
    const { secret } = await createKey(sellerA.token, 'Busy', 'read');
    const statuses: number[] = [];
    let last: Reply | undefined;
    for (let i = 0; i < keyLimitOnB + 1; i++) {
      last = await call(gatewayB, 'GET', '/api/upload/summary', { 'x-api-key': secret });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, keyLimitOnB).every((status) => status === 200)).toBe(true);
    expect(last?.status).toBe(429);
    const retryAfter = Number(last?.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(last?.body).toEqual({ error: apiKeyMessages.rateLimited(retryAfter) });
    // Another key of the same seller has its own allowance.
    const other = await createKey(sellerA.token, 'Quiet', 'read');
    const fine = await call(gatewayB, 'GET', '/api/upload/summary', { 'x-api-key': other.secret });
    expect(fine.status).toBe(200);
  });

  it('records the last use, at most once a minute', async () => {
    const { apiKey, secret } = await createKey(sellerA.token, 'Usage', 'read');
    const lastUsed = async () => {
      const listed = await call(gatewayA, 'GET', '/auth/api-keys', bearer(sellerA.token));
      return (listed.body.apiKeys as { id: string; lastUsedAt: string | null }[]).find(
        (key) => key.id === apiKey.id,
      )?.lastUsedAt;
    };
    expect(await lastUsed()).toBeNull();
    await call(gatewayA, 'GET', '/api/upload/summary', { 'x-api-key': secret });
    const first = await lastUsed();
    expect(first).not.toBeNull();
    // Within the minute: neither the same gateway nor another writes it again.
    await call(gatewayA, 'GET', '/api/upload/summary', { 'x-api-key': secret });
    await call(gatewayB, 'GET', '/api/upload/summary', { 'x-api-key': secret });
    expect(await lastUsed()).toBe(first);
  });

  it('revokes a key on every gateway within seconds', async () => {
    const { apiKey, secret } = await createKey(sellerA.token, 'Revoke me', 'read');
    const key = { 'x-api-key': secret };
    // Both gateways know the key (and would use it for a minute without asking again).
    expect((await call(gatewayA, 'GET', '/api/upload/summary', key)).status).toBe(200);
    expect((await call(gatewayB, 'GET', '/api/upload/summary', key)).status).toBe(200);

    const revokedAt = Date.now();
    const revoked = await call(
      gatewayA,
      'DELETE',
      `/auth/api-keys/${apiKey.id}`,
      bearer(sellerA.token),
    );
    expect(revoked.status).toBe(200);
    const refusedAt = await waitFor(
      async () => (await call(gatewayB, 'GET', '/api/upload/summary', key)).status === 401,
      5_000,
    );
    expect(refusedAt - revokedAt).toBeLessThan(5_000);
    expect(await call(gatewayA, 'GET', '/api/upload/summary', key)).toEqual({
      status: 401,
      body: { error: apiKeyMessages.revoked },
    });
    // Gone from the list; revoking again, or another seller revoking it, is 404.
    const listed = await call(gatewayA, 'GET', '/auth/api-keys', bearer(sellerA.token));
    expect(listed.body.apiKeys).not.toContainEqual(expect.objectContaining({ id: apiKey.id }));
    const again = await call(
      gatewayA,
      'DELETE',
      `/auth/api-keys/${apiKey.id}`,
      bearer(sellerA.token),
    );
    expect(again.status).toBe(404);
  });

  it('lets no seller revoke another seller’s key', async () => {
    const { apiKey, secret } = await createKey(sellerA.token, 'Mine', 'read');
    const byB = await call(
      gatewayA,
      'DELETE',
      `/auth/api-keys/${apiKey.id}`,
      bearer(sellerB.token),
    );
    expect(byB).toEqual({ status: 404, body: { error: apiKeyMessages.notFound } });
    expect(
      (await call(gatewayA, 'GET', '/api/upload/summary', { 'x-api-key': secret })).status,
    ).toBe(200);
  });

  it('mints a token naming the key, which svc-auth itself refuses', async () => {
    // The gateway never hands the minted token out; were it presented to svc-auth, it is refused.
    const { apiKey, secret } = await createKey(sellerA.token, 'Direct', 'read_write');
    const nats = await connectNats(testInfra().natsUrl, 'api-keys-test');
    try {
      const identity = await requestCommand(nats, authenticateApiKey, { secret });
      expect(identity).toMatchObject({
        keyId: apiKey.id,
        accountId: sellerA.accountId,
        scope: 'read_write',
      });
      const claims = JSON.parse(
        Buffer.from(identity.token.split('.')[1]!, 'base64url').toString(),
      ) as Record<string, unknown>;
      expect(claims).toMatchObject({ apiKeyId: apiKey.id, accountId: sellerA.accountId });
      expect((claims.exp as number) - (claims.iat as number)).toBe(5 * 60);
      const direct = await auth.call('GET', '/auth/settings', undefined, bearer(identity.token));
      expect(direct).toEqual({ status: 403, body: { error: apiKeyMessages.routeNotAllowed } });
    } finally {
      await nats.close();
    }
  });
});
