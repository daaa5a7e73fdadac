import {
  authMessages,
  createKeyVerifier,
  createService,
  unauthorized,
  type Env,
} from '@onvelope/service-kit';
import { configSchema } from './config.js';
import type { TokenSigner } from './domain/signing-key.js';
import { registerJwksRoutes } from './routes/jwks.routes.js';
import { loadSigningKey } from './use-cases/load-signing-key.js';

export function startAuthService(env: Env) {
  let signer: TokenSigner | undefined;
  return createService({
    name: 'svc-auth',
    env,
    configSchema,
    setup: async ({ db, routes }) => {
      signer = await loadSigningKey(db);
      registerJwksRoutes(routes, signer);
    },
    // svc-auth checks its own tokens with the key it holds, not through an HTTP call to itself.
    verifyToken: async () => (token) => {
      if (!signer) throw unauthorized(authMessages.invalid);
      return createKeyVerifier(signer.publicKey)(token);
    },
  });
}
