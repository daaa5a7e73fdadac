import {
  createTrackingLink as createTrackingLinkRoute,
  lookupOrder,
  openTrackingLink as openTrackingLinkRoute,
  regenerateTrackingLinks as regenerateTrackingLinksRoute,
} from '@onvelope/contracts';
import { callerOf } from '@onvelope/service-kit/auth';
import { type ServiceRoutes } from '@onvelope/service-kit/http';
import type { BuyerDeps } from '../use-cases/buyer-deps.js';
import { lookUpOrder, openTrackingLink } from '../use-cases/look-up-order.js';
import { createTrackingLink, regenerateTrackingLinks } from '../use-cases/tracking-links.js';

/** The public tracking page's calls (spec 001 §7 "Public") and the seller's signed links. */
export function registerBuyerLookupRoutes(routes: ServiceRoutes, deps: BuyerDeps) {
  // ctx.ip is the first X-Forwarded-For address the gateway passes on (Koa `proxy: true`).
  routes.handle(lookupOrder, async (ctx, { body }) => lookUpOrder(deps, body, ctx.ip));
  routes.handle(openTrackingLinkRoute, async (_ctx, { query }) =>
    openTrackingLink(deps, query.token),
  );
  routes.handle(createTrackingLinkRoute, async (ctx, { params }) =>
    createTrackingLink(deps, callerOf(ctx).accountId, params.orderNumber),
  );
  routes.handle(regenerateTrackingLinksRoute, async (ctx) =>
    regenerateTrackingLinks(deps, callerOf(ctx).accountId),
  );
}
