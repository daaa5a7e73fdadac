import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { tokenAudience, tokenIssuer, type Role } from '@onvelope/contracts';
import { publishBillingState, trialRunning } from './billing-states.js';

export interface TestIssuer {
  /** The JWKS address services verify against: pass it as `AUTH_JWKS_URL`. */
  url: string;
  /** How many times the key set was fetched (to prove caching). */
  fetches(): number;
  /** Signs any claims the way svc-auth does (issuer, audience, `iat`, `exp`). */
  sign(
    claims: Record<string, unknown>,
    expiresIn?: string | number,
    key?: CryptoKey,
    issuedAt?: number,
  ): Promise<string>;
  /**
   * A valid seller token for the account (`userId` defaults to `user-<accountId>`). With `natsUrl`
   * given to `startTestIssuer`, the account's free trial is running too (its workspace is open),
   * as for a seller who finished onboarding.
   */
  merchantToken(accountId: string, userId?: string): Promise<string>;
  /** A valid buyer token for the account. */
  customerToken(accountId: string, userId?: string): Promise<string>;
  /** A key the services do not trust, for signature tests. */
  otherKey(): Promise<CryptoKey>;
  close(): Promise<void>;
}

/**
 * A stand-in for svc-auth's token issuing: a real ES256 key pair whose public half is served as a
 * JWKS over HTTP, so services under test verify tokens exactly as in production. Works inside and
 * outside vitest (benchmarks use it too).
 *
 * @example
 * const issuer = await startTestIssuer({ natsUrl: testInfra().natsUrl });
 * const orders = await startService(startOrdersService, { AUTH_JWKS_URL: issuer.url });
 * const token = await issuer.merchantToken('acct-a');
 * await fetch(`${orders.url}/api/upload/summary`, { headers: { authorization: `Bearer ${token}` } });
 */
export interface TestIssuerOptions {
  /** The NATS the services under test follow billing states on (see `merchantToken`). */
  natsUrl?: string;
}

export async function startTestIssuer(options: TestIssuerOptions = {}): Promise<TestIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'ES256', use: 'sig' };
  let fetches = 0;
  const server = createServer((_request, response) => {
    fetches += 1;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const sign: TestIssuer['sign'] = (
    claims,
    expiresIn = '1h',
    key = privateKey,
    issuedAt = Math.floor(Date.now() / 1000),
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: 'test-key' })
      .setIssuedAt(issuedAt)
      .setIssuer(tokenIssuer)
      .setAudience(tokenAudience)
      .setExpirationTime(expiresIn)
      .sign(key);
  const tokenFor =
    (role: Role) =>
    (accountId: string, userId = `user-${accountId}`) =>
      sign({ userId, accountId, role });
  const trialsStarted = new Set<string>();
  const merchantToken = async (accountId: string, userId?: string) => {
    if (options.natsUrl && !trialsStarted.has(accountId)) {
      await publishBillingState(options.natsUrl, trialRunning(accountId));
      trialsStarted.add(accountId);
    }
    return tokenFor('merchant')(accountId, userId);
  };

  return {
    url: `http://127.0.0.1:${port}/auth/.well-known/jwks.json`,
    fetches: () => fetches,
    sign,
    merchantToken,
    customerToken: tokenFor('customer'),
    otherKey: async () => (await generateKeyPair('ES256')).privateKey,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
