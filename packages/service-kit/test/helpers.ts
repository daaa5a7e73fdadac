import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { tokenAudience, tokenIssuer } from '@onvelope/contracts';

/** A stand-in for svc-auth's JWKS: a real key pair served over HTTP, counting fetches. */
export async function startJwksServer() {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'ES256', use: 'sig' };
  let fetches = 0;
  const server = createServer((_req, res) => {
    fetches += 1;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/auth/.well-known/jwks.json`,
    fetches: () => fetches,
    sign: (
      claims: Record<string, unknown>,
      expiresIn: string | number = '1h',
      key: CryptoKey = privateKey,
      issuedAt: number = Math.floor(Date.now() / 1000),
    ) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: 'test-key' })
        .setIssuedAt(issuedAt)
        .setIssuer(tokenIssuer)
        .setAudience(tokenAudience)
        .setExpirationTime(expiresIn)
        .sign(key),
    otherKey: async () => (await generateKeyPair('ES256')).privateKey,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
