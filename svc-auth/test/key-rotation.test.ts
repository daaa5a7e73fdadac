import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type mongoose from 'mongoose';
import { z } from 'zod';
import { defineRoute } from '@onvelope/contracts';
import { serviceConfigSchema, type Env } from '@onvelope/service-kit/config';
import { createLogger } from '@onvelope/service-kit/observability';
import { createService } from '@onvelope/service-kit/http';
import { connectTestDatabase, startService, type StartedService } from '@onvelope/testkit';
import { startAuthService } from '../src/index.js';
import { loadSigningKey } from '../src/use-cases/load-signing-key.js';
import { rotateSigningKey } from '../src/use-cases/rotate-signing-key.js';
import {
  loadPublishedKeys,
  openSigningKeyRing,
  retiredKeyPublishedMs,
} from '../src/use-cases/signing-key-ring.js';

/** Another service built with the kit: it knows svc-auth only through its JWKS URL. */
const whoAmI = defineRoute({
  method: 'GET',
  path: '/api/probe/rotation',
  service: 'svc-billing',
  access: 'merchant',
  source: 'implied',
  summary: 'probe',
  schemas: { response: z.object({ userId: z.string() }) },
});
const startOtherService = (env: Env) =>
  createService({
    name: 'svc-billing',
    env,
    configSchema: serviceConfigSchema({ port: 0, database: 'probe' }, {}),
    setup: async ({ routes }) => routes.handle(whoAmI, async (ctx) => ctx.state.auth),
  });

const claims = { userId: 'u-rot', accountId: 'acct-rot', role: 'merchant' } as const;
const log = createLogger('rotation-test', 'silent');

const waitFor = async (condition: () => boolean, ms = 5_000) => {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('rotating the signing key', () => {
  let auth: StartedService;
  let other: StartedService;
  let db: mongoose.Connection;
  const jwks = () =>
    fetch(`${auth.url}/auth/.well-known/jwks.json`).then(
      async (answer) => ((await answer.json()) as { keys: { kid: string; d?: string }[] }).keys,
    );
  const callOther = (token: string) =>
    fetch(`${other.url}/api/probe/rotation`, { headers: { authorization: `Bearer ${token}` } });
  const callAuth = (token: string) =>
    fetch(`${auth.url}/auth/profile`, { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    auth = await startService((env) => startAuthService(env, { signingKeyRefreshMs: 50 }));
    other = await startService(startOtherService, {
      AUTH_JWKS_URL: `${auth.url}/auth/.well-known/jwks.json`,
    });
    db = await connectTestDatabase(auth.env.MONGO_DB);
  });
  afterAll(async () => {
    await other.close();
    await auth.close();
    await db.close();
  });

  it('publishes the new key beside the old one, and tokens of both keys keep working', async () => {
    const oldSigner = await loadSigningKey(db);
    const oldToken = await oldSigner.sign(claims, 3600);

    const { retiredKid, currentKid } = await rotateSigningKey(db);
    expect(retiredKid).toBe(oldSigner.kid);
    expect(currentKid).not.toBe(oldSigner.kid);

    const keys = await jwks();
    expect(keys.map((key) => key.kid)).toEqual([currentKid, oldSigner.kid]);
    expect(keys.every((key) => key.d === undefined)).toBe(true);

    // A token signed before the rotation: accepted by other services and by svc-auth itself (whose
    // answer for this made-up seller is 404, past the token check).
    expect((await callOther(oldToken)).status).toBe(200);
    expect((await callAuth(oldToken)).status).not.toBe(401);

    // A running instance picks up the new key without a restart; its tokens are accepted too.
    const ring = await openSigningKeyRing(db, log, { refreshMs: 50 });
    expect(ring.signer.kid).toBe(currentKid);
    const newToken = await ring.signer.sign(claims, 3600);
    ring.stop();
    expect((await callOther(newToken)).status).toBe(200);
    expect((await callAuth(newToken)).status).not.toBe(401);
  });

  it('has running instances switch to a key rotated after they started', async () => {
    const ring = await openSigningKeyRing(db, log, { refreshMs: 50 });
    try {
      const before = ring.signer.kid;
      const { currentKid } = await rotateSigningKey(db);
      await waitFor(() => ring.signer.kid === currentKid);
      expect(ring.signer.kid).not.toBe(before);
    } finally {
      ring.stop();
    }
  });

  it('stops publishing a retired key once every token it signed has expired', async () => {
    const { retiredKid, currentKid } = await rotateSigningKey(db);
    const now = new Date();
    expect((await loadPublishedKeys(db, now)).map((key) => key.kid)).toContain(retiredKid);
    const later = new Date(now.getTime() + retiredKeyPublishedMs + 1_000);
    expect((await loadPublishedKeys(db, later)).map((key) => key.kid)).toEqual([currentKid]);
  });

  it('never lets two rotations started together replace the same key, nor lose one', async () => {
    const before = (await loadSigningKey(db)).kid;
    const results = await Promise.allSettled([rotateSigningKey(db), rotateSigningKey(db)]);
    const done = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    // Both read the key before either replaced it: one wins, the other refuses. (On a busy machine
    // the second may read only after the first has finished, and then rotates the new key.)
    for (const result of results) {
      if (result.status === 'rejected') expect(String(result.reason)).toMatch(/Another rotation/);
    }
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(new Set(done.map((rotation) => rotation.retiredKid)).size).toBe(done.length);
    expect(done[0]?.retiredKid === before || done[1]?.retiredKid === before).toBe(true);
    // Every key that was current is still published: the last made signs, the others retired.
    const published = (await jwks()).map((key) => key.kid);
    const last = done.find(
      (rotation) => !done.some((other) => other.retiredKid === rotation.currentKid),
    );
    expect(published[0]).toBe(last?.currentKid);
    expect(published).toEqual(expect.arrayContaining([before, ...done.map((r) => r.currentKid)]));
  });
});
