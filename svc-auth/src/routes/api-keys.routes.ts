import { createApiKey, listApiKeys, revokeApiKey } from '@onvelope/contracts';
import { callerOf } from '@onvelope/service-kit/auth';
import { type ServiceRoutes } from '@onvelope/service-kit/http';
import type { AuthDeps } from '../deps.js';
import * as apiKeys from '../use-cases/manage-api-keys.js';

/** Account settings > API keys: the token's own account only, never an id of another. */
export function registerApiKeyRoutes(routes: ServiceRoutes, deps: AuthDeps): void {
  routes.handle(listApiKeys, async (ctx) => apiKeys.listApiKeys(deps, callerOf(ctx)));
  routes.handle(createApiKey, async (ctx, { body }) => {
    ctx.status = 201;
    return apiKeys.createApiKey(deps, callerOf(ctx), body);
  });
  routes.handle(revokeApiKey, async (ctx, { params }) =>
    apiKeys.revokeApiKey(deps, callerOf(ctx), params.id),
  );
}
