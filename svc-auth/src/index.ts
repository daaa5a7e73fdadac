import { jwtVerify, errors as joseErrors } from 'jose';
import { tokenAudience, tokenClaims, tokenIssuer } from '@onvelope/contracts';
import {
  authMessages,
  createService,
  unauthorized,
  type Env,
  type TokenVerifier,
} from '@onvelope/service-kit';
import { configSchema } from './config.js';
import type { TokenSigner } from './domain/signing-key.js';
import { registerJwksRoutes } from './routes/jwks.routes.js';
import { loadSigningKey } from './use-cases/load-signing-key.js';

export { loadSigningKey };

/** svc-auth checks its own tokens with the key it holds, not through an HTTP call to itself. */
function localVerifier(signer: TokenSigner): TokenVerifier {
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, signer.publicKey, {
        issuer: tokenIssuer,
        audience: tokenAudience,
      });
      const { userId, accountId, role } = tokenClaims.parse(payload);
      return { userId, accountId, role };
    } catch (error) {
      throw unauthorized(
        error instanceof joseErrors.JWTExpired ? authMessages.expired : authMessages.invalid,
      );
    }
  };
}

export function startAuthService(env: Env) {
  let signer: TokenSigner | undefined;
  return createService({
    name: 'svc-auth',
    env,
    configSchema: configSchema,
    setup: async ({ db, routes }) => {
      signer = await loadSigningKey(db);
      registerJwksRoutes(routes, signer);
    },
    verifyToken: async () => (token) => {
      if (!signer) throw unauthorized(authMessages.invalid);
      return localVerifier(signer)(token);
    },
  });
}
