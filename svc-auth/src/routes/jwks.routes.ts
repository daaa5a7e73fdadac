import { jwksRoute } from '@onvelope/contracts';
import type { ServiceRoutes } from '@onvelope/service-kit';
import type { TokenSigner } from '../domain/signing-key.js';

export function registerJwksRoutes(routes: ServiceRoutes, signer: TokenSigner): void {
  routes.handle(jwksRoute, async (ctx) => {
    // Verifiers cache the set; a short public cache still spares svc-auth a burst after deploys.
    ctx.set('Cache-Control', 'public, max-age=300');
    return { keys: [{ ...signer.publicJwk, kid: signer.kid, kty: String(signer.publicJwk.kty) }] };
  });
}
