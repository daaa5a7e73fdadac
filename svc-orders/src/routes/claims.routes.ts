import {
  claimOrder as claimOrderRoute,
  listClaimedOrders as listClaimedOrdersRoute,
  unclaimOrder as unclaimOrderRoute,
  updateClaimedOrder as updateClaimedOrderRoute,
} from '@onvelope/contracts';
import { callerOf } from '@onvelope/service-kit/auth';
import { type ServiceRoutes } from '@onvelope/service-kit/http';
import type { BuyerDeps } from '../use-cases/buyer-deps.js';
import {
  claimOrder,
  listClaimedOrders,
  unclaimOrder,
  updateClaim,
} from '../use-cases/claim-orders.js';

/** The buyer portal's claimed orders (spec 001 §7 "Customer"); every call on the caller's own claims. */
export function registerClaimRoutes(routes: ServiceRoutes, deps: BuyerDeps) {
  routes.handle(claimOrderRoute, async (ctx, { body }) => {
    const answer = await claimOrder(deps, callerOf(ctx).userId, body, ctx.ip);
    ctx.status = 201;
    return answer;
  });
  routes.handle(listClaimedOrdersRoute, async (ctx) =>
    listClaimedOrders(deps, callerOf(ctx).userId),
  );
  routes.handle(updateClaimedOrderRoute, async (ctx, { params, body }) =>
    updateClaim(deps, callerOf(ctx).userId, params.id, body),
  );
  routes.handle(unclaimOrderRoute, async (ctx, { params }) =>
    unclaimOrder(deps, callerOf(ctx).userId, params.orderNumber),
  );
}
