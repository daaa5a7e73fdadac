import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRemoteJWKSet, decodeJwt, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import type mongoose from 'mongoose';
import { OAuth2Server, type MutableResponse, type MutableToken } from 'oauth2-mock-server';
import { tokenAudience, tokenIssuer } from '@onvelope/contracts';
import { serviceConfigSchema, type Env } from '@onvelope/service-kit/config';
import { createService } from '@onvelope/service-kit/http';
import {
  connectTestDatabase,
  freePort,
  startService,
  type StartedService,
} from '@onvelope/testkit';
import { sellerModel } from '../src/data/seller.model.js';
import {
  createGoogleSignIn,
  googleConfigShape,
  googleStateCookie,
  registerGoogleRoutes,
} from '../src/google/index.js';
import { registerJwksRoutes } from '../src/routes/jwks.routes.js';
import { signInWithGoogle } from '../src/use-cases/sign-in-with-google.js';
import { loadSigningKey } from '../src/use-cases/load-signing-key.js';

const clientId = 'onvelope-test-client';
const siteUrl = 'http://site.onvelope.test';

/** The clock the service's sign-in attempts expire by; a test moves it instead of waiting. */
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);

/**
 * svc-auth's Google sign-in as the service wires it: signing key, JWKS, the Google routes and the
 * accounts use case, on the real MongoDB-compatible server.
 */
const startGoogleAuth = (env: Env) =>
  createService({
    name: 'svc-auth',
    env,
    configSchema: serviceConfigSchema({ port: 0, database: 'google' }, googleConfigShape),
    setup: async ({ config, db, routes }) => {
      const signer = await loadSigningKey(db);
      const sellers = sellerModel(db);
      await sellers.syncIndexes();
      registerJwksRoutes(routes, { publishedKeys: async () => [signer.publicJwk] });
      const google = await createGoogleSignIn(config, db, { now });
      registerGoogleRoutes(routes, {
        google,
        signIn: (identity) =>
          signInWithGoogle(
            { sellers, signer, now, profileRelay: { kick: () => undefined } },
            identity,
          ),
      });
    },
  });

/** What the provider says about the person in its next ID tokens. */
let person: Record<string, unknown> = {};
/** A change to the next ID token only (the access token is left alone). */
let tamperIdToken: ((payload: MutableToken['payload']) => void) | undefined;
/** A change to the next token endpoint answer. */
let tamperTokenResponse: ((response: MutableResponse) => void) | undefined;

function newPerson(overrides: Record<string, unknown> = {}) {
  const id = randomUUID();
  person = {
    sub: `google-${id}`,
    email: `seller-${id}@example.com`,
    email_verified: true,
    name: 'Ada Seller',
    ...overrides,
  };
  return person;
}

/** A browser: keeps the state cookie svc-auth sets and sends it back on the callback. */
interface Browser {
  cookie?: string;
}

async function get(url: string, browser?: Browser): Promise<Response> {
  const response = await fetch(url, {
    redirect: 'manual',
    headers: browser?.cookie ? { cookie: browser.cookie } : {},
  });
  const stateCookie = response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${googleStateCookie}=`));
  if (browser && stateCookie) browser.cookie = stateCookie.split(';')[0];
  return response;
}

function locationOf(response: Response): URL {
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

/** Where the browser lands on the site, with the token or the message the shell shows. */
function landing(response: Response): { path: string; token: string | null; error: string | null } {
  const location = locationOf(response);
  expect(location.origin).toBe(siteUrl);
  return {
    path: location.pathname,
    token: location.searchParams.get('token'),
    error: location.searchParams.get('error'),
  };
}

describe('Google sign-in', () => {
  let provider: OAuth2Server;
  let auth: StartedService;
  let db: mongoose.Connection;
  let browser: Browser;
  const findSeller = (id: string) => sellerModel(db).findById(id).lean();

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    provider.service.on('beforeTokenSigning', (token: MutableToken) => {
      Object.assign(token.payload, person);
      if (token.payload.aud === clientId && tamperIdToken) {
        tamperIdToken(token.payload);
        tamperIdToken = undefined;
      }
    });
    provider.service.on('beforeResponse', (response: MutableResponse) => {
      tamperTokenResponse?.(response);
      tamperTokenResponse = undefined;
    });

    const port = await freePort();
    auth = await startService(startGoogleAuth, {
      PORT: String(port),
      HOST: '127.0.0.1',
      GOOGLE_ISSUER_URL: provider.issuer.url ?? '',
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_REDIRECT_URL: `http://127.0.0.1:${port}/auth/google/callback`,
      PUBLIC_SITE_URL: `${siteUrl}/`,
    });
    db = await connectTestDatabase(auth.env.MONGO_DB);
  });

  afterAll(async () => {
    await db?.close();
    await auth?.close();
    await provider?.stop();
  });

  beforeEach(() => {
    browser = {};
  });

  afterEach(() => {
    clockOffsetMs = 0;
    tamperIdToken = undefined;
    tamperTokenResponse = undefined;
  });

  /** GET /auth/google, then the provider's authorize endpoint, which sends the browser back. */
  async function signInAtProvider(): Promise<{ callback: URL; nonce: string }> {
    const toProvider = locationOf(await get(`${auth.url}/auth/google`, browser));
    const callback = locationOf(await get(toProvider.href));
    return { callback, nonce: toProvider.searchParams.get('nonce') ?? '' };
  }

  it('sends the browser to the provider with state, nonce and an S256 PKCE challenge', async () => {
    const response = await get(`${auth.url}/auth/google`, browser);
    const toProvider = locationOf(response);

    expect(`${toProvider.origin}${toProvider.pathname}`).toBe(`${provider.issuer.url}/authorize`);
    expect(Object.fromEntries(toProvider.searchParams)).toMatchObject({
      client_id: clientId,
      response_type: 'code',
      redirect_uri: `${auth.url}/auth/google/callback`,
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      state: expect.any(String),
      nonce: expect.any(String),
    });
    expect(toProvider.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile']),
    );
    const stateCookie = response.headers.getSetCookie()[0] ?? '';
    expect(stateCookie).toContain(`${googleStateCookie}=${toProvider.searchParams.get('state')}`);
    expect(stateCookie).toMatch(/; Path=\/auth\/google; Max-Age=600; HttpOnly; SameSite=Lax$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps the attempt server-side for ten minutes, in a collection with a TTL index', async () => {
    const toProvider = locationOf(await get(`${auth.url}/auth/google`, browser));
    const attempts = db.collection('google_sign_in_attempts');

    const attempt = await attempts.findOne({ _id: toProvider.searchParams.get('state') as never });

    expect(attempt?.codeVerifier).toEqual(expect.any(String));
    expect(attempt?.nonce).toBe(toProvider.searchParams.get('nonce'));
    const secondsLeft = ((attempt?.expiresAt as Date).getTime() - Date.now()) / 1000;
    expect(secondsLeft).toBeGreaterThan(590);
    expect(secondsLeft).toBeLessThanOrEqual(600);
    expect(await attempts.indexes()).toContainEqual(
      expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 0 }),
    );
  });

  it('signs a new seller in and lands on /login with a merchant token the JWKS verifies', async () => {
    const someone = newPerson();
    const { callback } = await signInAtProvider();

    const response = await get(callback.href, browser);
    const landed = landing(response);

    expect(landed).toMatchObject({ path: '/login', error: null });
    expect(response.headers.getSetCookie()[0]).toMatch(
      new RegExp(`^${googleStateCookie}=; Path=/auth/google; Max-Age=0;`),
    );
    const jwks = createRemoteJWKSet(new URL(`${auth.url}/auth/.well-known/jwks.json`));
    const { payload } = await jwtVerify(landed.token ?? '', jwks, {
      issuer: tokenIssuer,
      audience: tokenAudience,
    });
    expect(payload).toMatchObject({
      role: 'merchant',
      userId: expect.any(String),
      accountId: expect.any(String),
    });
    const seller = await findSeller(String(payload.userId));
    expect(seller).toMatchObject({
      email: someone.email,
      googleSubject: someone.sub,
      displayName: 'Ada Seller',
      isVerified: true,
      accountId: payload.accountId,
    });
  });

  it('signs the same Google account into the same seller the next time', async () => {
    newPerson();
    const first = landing(await get((await signInAtProvider()).callback.href, browser));
    browser = {};
    const second = landing(await get((await signInAtProvider()).callback.href, browser));

    expect(decodeJwt(second.token ?? '').userId).toBe(decodeJwt(first.token ?? '').userId);
  });

  it('refuses a forged state', async () => {
    newPerson();
    const { callback } = await signInAtProvider();
    const forgedState = 'forged-state-never-issued';
    callback.searchParams.set('state', forgedState);

    const landed = landing(
      await get(callback.href, { cookie: `${googleStateCookie}=${forgedState}` }),
    );

    expect(landed).toEqual({
      path: '/login',
      token: null,
      error: 'invalid_state',
    });
  });

  it('refuses a state that was already used', async () => {
    newPerson();
    const { callback } = await signInAtProvider();
    const cookie = browser.cookie;
    expect(landing(await get(callback.href, browser)).token).toEqual(expect.any(String));

    const replayed = landing(await get(callback.href, { cookie }));

    expect(replayed).toEqual({
      path: '/login',
      token: null,
      error: 'invalid_state',
    });
  });

  it('refuses a state older than ten minutes', async () => {
    newPerson();
    const { callback } = await signInAtProvider();
    clockOffsetMs = 10 * 60_000 + 1_000;

    const landed = landing(await get(callback.href, browser));

    expect(landed).toEqual({
      path: '/login',
      token: null,
      error: 'invalid_state',
    });
  });

  it('still accepts a state nine minutes old', async () => {
    newPerson();
    const { callback } = await signInAtProvider();
    clockOffsetMs = 9 * 60_000;

    expect(landing(await get(callback.href, browser)).token).toEqual(expect.any(String));
  });

  it('refuses a callback opened in a browser that did not start the sign-in (login CSRF)', async () => {
    newPerson();
    const { callback } = await signInAtProvider();

    const landed = landing(await get(callback.href, {}));

    expect(landed).toEqual({
      path: '/login',
      token: null,
      error: 'invalid_state',
    });
  });

  it('returns to /login with a clear message when the person cancels at the provider', async () => {
    const toProvider = locationOf(await get(`${auth.url}/auth/google`, browser));
    const state = toProvider.searchParams.get('state') ?? '';

    const denied = new URL(`${auth.url}/auth/google/callback`);
    denied.search = new URLSearchParams({ error: 'access_denied', state }).toString();
    const landed = landing(await get(denied.href, browser));

    expect(landed).toEqual({ path: '/login', token: null, error: 'cancelled' });
  });

  it('refuses an ID token issued for another audience', async () => {
    newPerson();
    tamperIdToken = (payload) => {
      payload.aud = 'someone-elses-client';
    };
    const { callback } = await signInAtProvider();

    const landed = landing(await get(callback.href, browser));

    expect(landed).toEqual({
      path: '/login',
      token: null,
      error: 'not_completed',
    });
  });

  it('refuses an ID token carrying another nonce', async () => {
    newPerson();
    tamperIdToken = (payload) => {
      payload.nonce = 'a-nonce-from-another-sign-in';
    };
    const { callback } = await signInAtProvider();

    const landed = landing(await get(callback.href, browser));

    expect(landed).toEqual({
      path: '/login',
      token: null,
      error: 'not_completed',
    });
  });

  it('refuses an ID token not signed by a key in the provider JWKS', async () => {
    const someone = newPerson();
    const { callback, nonce } = await signInAtProvider();
    // Every claim is right; only the key differs (it even names the provider's key id).
    const [providerKey] = provider.issuer.keys.toJSON();
    const attacker = await generateKeyPair('RS256');
    const forged = await new SignJWT({ ...someone, nonce })
      .setProtectedHeader({ alg: 'RS256', kid: providerKey?.kid, typ: 'JWT' })
      .setIssuer(provider.issuer.url ?? '')
      .setAudience(clientId)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(attacker.privateKey);
    tamperTokenResponse = (response) => {
      (response.body as Record<string, unknown>).id_token = forged;
    };

    const landed = landing(await get(callback.href, browser));

    expect(landed).toEqual({
      path: '/login',
      token: null,
      error: 'not_completed',
    });
  });

  it('returns to /login when the provider shares no email address', async () => {
    newPerson({ email: undefined });
    const { callback } = await signInAtProvider();

    const landed = landing(await get(callback.href, browser));

    expect(landed).toEqual({ path: '/login', token: null, error: 'no_email' });
  });

  it('passes on the accounts refusal of an email the provider has not verified', async () => {
    newPerson({ email_verified: false });
    const { callback } = await signInAtProvider();

    const landed = landing(await get(callback.href, browser));

    expect(landed).toEqual({
      path: '/login',
      token: null,
      error: 'email_not_verified',
    });
  });

  it('returns to /login with a clear message when Google sign-in is not configured', async () => {
    const unconfigured = await startService(startGoogleAuth, { PUBLIC_SITE_URL: siteUrl });
    try {
      const landed = landing(await get(`${unconfigured.url}/auth/google`));
      expect(landed).toEqual({
        path: '/login',
        token: null,
        error: 'not_configured',
      });
    } finally {
      await unconfigured.close();
    }
  });

  it('returns to /login when the provider cannot be reached', async () => {
    const unreachable = await startService(startGoogleAuth, {
      PUBLIC_SITE_URL: siteUrl,
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_ISSUER_URL: `http://127.0.0.1:${await freePort()}`,
    });
    try {
      const landed = landing(await get(`${unreachable.url}/auth/google`));
      expect(landed).toEqual({
        path: '/login',
        token: null,
        error: 'unavailable',
      });
    } finally {
      await unreachable.close();
    }
  });
});
