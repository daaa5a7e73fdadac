import {
  listCustomerQueries as listCustomerQueriesRoute,
  listSellerQueries as listSellerQueriesRoute,
  markQueryRead as markQueryReadRoute,
  replyToQuery as replyToQueryRoute,
  resolveSellerQuery as resolveSellerQueryRoute,
  resolveQuery as resolveQueryRoute,
  sendOrderQuery as sendOrderQueryRoute,
} from '@onvelope/contracts';
import { callerOf } from '@onvelope/service-kit/auth';
import { type ServiceRoutes } from '@onvelope/service-kit/http';
import {
  listSellerQueries,
  markQueryRead,
  replyToQuery,
  resolveSellerQuery,
} from '../use-cases/answer-order-queries.js';
import type { BuyerDeps } from '../use-cases/buyer-deps.js';
import { listCustomerQueries, resolveQuery } from '../use-cases/buyer-queries.js';
import { sendOrderQuery } from '../use-cases/send-order-query.js';

/** Buyer queries: sent from the tracking page, answered in the seller's inbox, resolved by the buyer. */
export function registerOrderQueryRoutes(routes: ServiceRoutes, deps: BuyerDeps) {
  routes.handle(sendOrderQueryRoute, async (ctx, { body }) => {
    const answer = await sendOrderQuery(deps, body, ctx.ip);
    ctx.status = 201;
    return answer;
  });
  routes.handle(listSellerQueriesRoute, async (ctx) =>
    listSellerQueries(deps, callerOf(ctx).accountId),
  );
  routes.handle(markQueryReadRoute, async (ctx, { params }) =>
    markQueryRead(deps, callerOf(ctx).accountId, params.id),
  );
  routes.handle(replyToQueryRoute, async (ctx, { params, body }) =>
    replyToQuery(deps, callerOf(ctx).accountId, params.id, body.message),
  );
  routes.handle(resolveSellerQueryRoute, async (ctx, { params }) =>
    resolveSellerQuery(deps, callerOf(ctx).accountId, params.id),
  );
  routes.handle(listCustomerQueriesRoute, async (ctx) =>
    listCustomerQueries(deps, callerOf(ctx).userId),
  );
  routes.handle(resolveQueryRoute, async (ctx, { params }) =>
    resolveQuery(deps, callerOf(ctx).userId, params.id),
  );
}
