import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStoreFrontSim, type StoreFrontSim } from '../src/index.js';
import { call } from './helpers.js';

const redirectUri = 'http://localhost:4003/api/bigcartel/callback';

async function approve(sim: StoreFrontSim, fields: Record<string, string>) {
  const response = await fetch(`${sim.url}/oauth/authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: sim.clientId, redirect_uri: redirectUri, ...fields }),
    redirect: 'manual',
  });
  return {
    status: response.status,
    location: new URL(response.headers.get('location') ?? 'about:blank'),
  };
}

async function exchange(sim: StoreFrontSim, fields: Record<string, string>, json = false) {
  const body = {
    client_id: sim.clientId,
    client_secret: sim.clientSecret,
    redirect_uri: redirectUri,
    grant_type: 'authorization_code',
    ...fields,
  };
  const response = await fetch(sim.tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
    body: json ? JSON.stringify(body) : new URLSearchParams(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('OAuth', () => {
  let sim: StoreFrontSim;
  beforeAll(async () => {
    sim = await startStoreFrontSim({
      seed: 3,
      stores: [{ ordersCount: 5 }, { ordersCount: 5, storeName: 'Second Shop' }],
    });
  });
  afterAll(() => sim.close());

  it('shows an approve and deny screen listing the stores, with the signed-in store preselected', async () => {
    const url = new URL(sim.authorizeUrl);
    url.search = new URLSearchParams({
      client_id: sim.clientId,
      response_type: 'code',
      state: 's1',
      redirect_uri: redirectUri,
    }).toString();
    const response = await fetch(url);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    for (const testId of [
      'storefront-authorize-form',
      'storefront-account-select',
      'storefront-approve',
      'storefront-deny',
    ]) {
      expect(html).toContain(`data-testid="${testId}"`);
    }
    expect(html).toContain(`value="${sim.stores[0]!.accountId}" selected`);
    expect(html).toContain('Second Shop');
    expect(html).toContain('name="state" value="s1"');
  });

  it('refuses to show the screen without a known client_id or a usable redirect_uri', async () => {
    const missing = await fetch(
      `${sim.authorizeUrl}?redirect_uri=${encodeURIComponent(redirectUri)}`,
    );
    expect(missing.status).toBe(400);
    const unknown = await fetch(
      `${sim.authorizeUrl}?client_id=nope&redirect_uri=${encodeURIComponent(redirectUri)}`,
    );
    expect(unknown.status).toBe(400);
    const noRedirect = await fetch(`${sim.authorizeUrl}?client_id=${sim.clientId}`);
    expect(noRedirect.status).toBe(400);
  });

  it('redirects back with a code and the state, and the code buys a token for the chosen store', async () => {
    const store = sim.stores[1]!;
    const approval = await approve(sim, {
      decision: 'approve',
      state: 'xyz',
      account_id: store.accountId,
    });
    expect(approval.status).toBe(302);
    expect(approval.location.origin + approval.location.pathname).toBe(redirectUri);
    expect(approval.location.searchParams.get('state')).toBe('xyz');
    const code = approval.location.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f]{32}$/);

    const token = await exchange(sim, { code });
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({
      token_type: 'bearer',
      account_id: Number(store.accountId),
      store_name: 'Second Shop',
    });
    const accounts = await call(sim, token.body.access_token as string, '/v1/accounts');
    expect(accounts.status).toBe(200);
    expect((accounts.body as { data: { id: string }[] }).data.map((account) => account.id)).toEqual(
      [store.accountId],
    );
  });

  it('accepts the token request as JSON too', async () => {
    const { location } = await approve(sim, { decision: 'approve' });
    const token = await exchange(sim, { code: location.searchParams.get('code')! }, true);
    expect(token.status).toBe(200);
    expect(token.body.account_id).toBe(Number(sim.stores[0]!.accountId));
  });

  it('sends the owner back with error=access_denied when they deny', async () => {
    const denial = await approve(sim, { decision: 'deny', state: 'abc' });
    expect(denial.status).toBe(302);
    expect(denial.location.searchParams.get('error')).toBe('access_denied');
    expect(denial.location.searchParams.get('state')).toBe('abc');
    expect(denial.location.searchParams.has('code')).toBe(false);
  });

  it('lets a code be used once only', async () => {
    const { location } = await approve(sim, { decision: 'approve' });
    const code = location.searchParams.get('code')!;
    expect((await exchange(sim, { code })).status).toBe(200);
    const again = await exchange(sim, { code });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a wrong client secret, another redirect_uri, another grant type and an unknown code', async () => {
    const code = (await approve(sim, { decision: 'approve' })).location.searchParams.get('code')!;
    expect((await exchange(sim, { code, client_secret: 'wrong' })).status).toBe(401);
    expect(
      (await exchange(sim, { code, redirect_uri: 'http://evil.example/cb' })).body,
    ).toMatchObject({ error: 'invalid_grant' });
    expect((await exchange(sim, { code, grant_type: 'client_credentials' })).body).toMatchObject({
      error: 'unsupported_grant_type',
    });
    expect((await exchange(sim, { code: 'f'.repeat(32) })).body).toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('expires codes that are not exchanged in time', async () => {
    const shortLived = await startStoreFrontSim({ codeTtlMs: 1, stores: [{ ordersCount: 1 }] });
    try {
      const { location } = await approve(shortLived, { decision: 'approve' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const token = await exchange(shortLived, { code: location.searchParams.get('code')! });
      expect(token.status).toBe(400);
      expect(token.body.error_description).toMatch(/expired/);
    } finally {
      await shortLived.close();
    }
  });

  it('deauthorises an account for the client with HTTP Basic, after which its tokens stop working', async () => {
    const store = await sim.createStore({ ordersCount: 2 });
    const otherToken = await sim.issueToken(store.accountId);
    const basic = (id: string, secret: string) =>
      `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

    const refused = await fetch(`${sim.deauthorizeUrl}/${store.accountId}`, {
      method: 'POST',
      headers: { Authorization: basic(sim.clientId, 'wrong') },
    });
    expect(refused.status).toBe(401);
    expect((await call(sim, store.accessToken, '/v1/accounts')).status).toBe(200);

    const done = await fetch(`${sim.deauthorizeUrl}/${store.accountId}`, {
      method: 'POST',
      headers: { Authorization: basic(sim.clientId, sim.clientSecret) },
    });
    expect(done.status).toBe(204);
    expect((await call(sim, store.accessToken, '/v1/accounts')).status).toBe(401);
    expect((await call(sim, otherToken, '/v1/accounts')).status).toBe(401);
    expect((await call(sim, sim.stores[0]!.accessToken, '/v1/accounts')).status).toBe(200);
  });
});
