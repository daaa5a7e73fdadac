import { jwksRoute } from '@onvelope/contracts';
import type { ServiceRoutes } from '@onvelope/service-kit/http';
import type { SigningKeyRing } from '../use-cases/signing-key-ring.js';

export function registerJwksRoutes(
  routes: ServiceRoutes,
  keys: Pick<SigningKeyRing, 'publishedKeys'>,
): void {
  routes.handle(jwksRoute, async (ctx) => {
    // Verifiers cache the set; a short public cache still spares svc-auth a burst after deploys.
    ctx.set('Cache-Control', 'public, max-age=300');
    const published = await keys.publishedKeys();
    return {
      keys: published.map((key) => ({ ...key, kid: String(key.kid), kty: String(key.kty) })),
    };
  });
}
