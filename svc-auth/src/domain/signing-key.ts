import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK } from 'jose';
import { tokenAudience, tokenIssuer, type AuthContext } from '@onvelope/contracts';

export const signingAlgorithm = 'ES256';

export interface KeyMaterial {
  kid: string;
  alg: string;
  publicJwk: JWK;
  privateJwk: JWK;
}

export async function generateKeyMaterial(): Promise<KeyMaterial> {
  const { publicKey, privateKey } = await generateKeyPair(signingAlgorithm, { extractable: true });
  const kid = randomUUID();
  return {
    kid,
    alg: signingAlgorithm,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: signingAlgorithm, use: 'sig' },
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: signingAlgorithm },
  };
}

export interface TokenSigner {
  kid: string;
  publicJwk: JWK;
  publicKey: CryptoKey;
  sign(claims: AuthContext, lifetimeSeconds: number): Promise<string>;
}

/** Signs tokens carrying userId, accountId and role, with issuer, audience, expiry and `kid`. */
export async function createTokenSigner(material: KeyMaterial): Promise<TokenSigner> {
  const privateKey = (await importJWK(material.privateJwk, material.alg)) as CryptoKey;
  const publicKey = (await importJWK(material.publicJwk, material.alg)) as CryptoKey;
  return {
    kid: material.kid,
    publicJwk: material.publicJwk,
    publicKey,
    sign: (claims, lifetimeSeconds) => {
      const iatMs = Date.now();
      const iat = Math.floor(iatMs / 1000);
      return new SignJWT({
        userId: claims.userId,
        accountId: claims.accountId,
        role: claims.role,
        iatMs,
        // A token minted for an API key says which (`use-cases/authenticate-api-key.ts`).
        ...(claims.apiKeyId ? { apiKeyId: claims.apiKeyId } : {}),
      })
        .setProtectedHeader({ alg: material.alg, kid: material.kid, typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(tokenIssuer)
        .setAudience(tokenAudience)
        .setIssuedAt(iat)
        .setExpirationTime(iat + lifetimeSeconds)
        .sign(privateKey);
    },
  };
}
