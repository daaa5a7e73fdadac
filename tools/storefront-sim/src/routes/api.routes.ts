import Router, { type RouterContext } from '@koa/router';
import { BodyError, decodedUrl, type ApiFaultOutcome } from '@onvelope/sim-kit';
import { type Context, type Middleware, type Next } from 'koa';
import { listingCount } from '../domain/listing-style.js';
import { listOrders, parseOrderQuery, QueryError } from '../domain/order-query.js';
import { type Order } from '../domain/order.js';
import { readJson } from '../http/body.js';
import { ApiFailure, apiError } from '../http/errors.js';
import {
  accountResource,
  currencyResource,
  errorDocument,
  orderDocument,
  orderListDocument,
  shipmentResource,
} from '../http/json-api.js';
import { type FaultRequest, type FaultState } from '../state/faults.js';
import { type AccessToken } from '../state/oauth.js';
import { type SimState } from '../state/sim-state.js';
import { type Store } from '../state/store.js';
import { recordShipment } from '../use-cases/record-shipment.js';
import { updateOrder } from '../use-cases/update-order.js';

export const jsonApiType = 'application/vnd.api+json';

interface ApiState {
  token: AccessToken;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function accountIdInPath(path: string): string | undefined {
  return /^\/v1\/accounts\/([^/]+)/.exec(path)?.[1];
}

function baseUrl(ctx: Context): string {
  return `${ctx.protocol}://${ctx.host}`;
}

function send(ctx: Context, status: number, body: unknown) {
  ctx.status = status;
  ctx.body = body;
  ctx.type = jsonApiType;
}

/** Answers every failure under `/v1` as a JSON:API error document; never a stack trace. */
async function errors(ctx: Context, next: Next) {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      throw apiError(404, 'not_found', `No route for ${ctx.method} ${ctx.path}`);
    }
  } catch (error) {
    if (error instanceof ApiFailure)
      return send(ctx, error.error.status, errorDocument(error.error));
    if (error instanceof BodyError) {
      const code = error.status === 415 ? 'unsupported_media_type' : 'invalid_body';
      const failure = apiError(error.status, code, error.message);
      return send(ctx, error.status, errorDocument(failure.error));
    }
    console.error('storefront-sim: unexpected error', error);
    send(ctx, 500, errorDocument(apiError(500, 'internal_error', 'Something went wrong').error));
  }
}

/** The first 429 or 5xx among the scopes; a scope after it is not consulted (its counts stay). */
function firstOutcome(scopes: FaultState[], request: FaultRequest, now: number): ApiFaultOutcome {
  for (const scope of scopes) {
    const outcome = scope.outcome(request, now);
    if (outcome.kind !== 'pass') return outcome;
  }
  return { kind: 'pass' };
}

/**
 * Faults set through the admin API come first, as a gateway in front of the real API would: the
 * store's own, then the global ones. Delays add up; the first 429 or 5xx answers.
 */
function faults(state: SimState) {
  return async (ctx: Context, next: Next) => {
    const request = { url: decodedUrl(ctx.url), accountId: accountIdInPath(ctx.path) };
    const scopes = state.faultsFor(request.accountId);
    const delay = scopes.reduce((total, scope) => total + scope.delayFor(request), 0);
    if (delay > 0) await sleep(delay);
    for (const scope of scopes) {
      const revoke = scope.tokenToRevoke();
      if (revoke) state.oauth.revoke(revoke);
    }
    const outcome = firstOutcome(scopes, request, Date.now());
    if (outcome.kind === 'rate-limited') {
      if (outcome.retryAfterSeconds !== undefined) {
        ctx.set('Retry-After', String(outcome.retryAfterSeconds));
      }
      throw apiError(429, 'rate_limited', 'Too many requests; slow down and retry later');
    }
    if (outcome.kind === 'server-error') {
      throw apiError(
        outcome.status,
        'server_error',
        'The server failed to answer (injected fault)',
      );
    }
    await next();
  };
}

/** Big Cartel asks for a User-Agent and the JSON:API media type on every request. */
async function requiredHeaders(ctx: Context, next: Next) {
  if (!ctx.get('user-agent').trim()) {
    throw apiError(
      400,
      'missing_user_agent',
      'Send a User-Agent naming your app, e.g. "MyApp (https://example.com)"',
    );
  }
  const accept = ctx.get('accept').toLowerCase();
  if (!accept.includes(jsonApiType)) {
    throw apiError(406, 'not_acceptable', `Send Accept: ${jsonApiType}`);
  }
  await next();
}

function bearer(state: SimState) {
  return async (ctx: Context, next: Next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'));
    const token = match ? state.oauth.lookup(match[1]!) : undefined;
    if (!token) {
      ctx.set('WWW-Authenticate', 'Bearer realm="Big Cartel API"');
      throw apiError(
        401,
        'unauthorized',
        match
          ? 'The access token is invalid or revoked'
          : 'Send Authorization: Bearer <access_token>',
      );
    }
    (ctx.state as ApiState).token = token;
    await next();
  };
}

/** The store behind `:accountId`, which must be the token's own. */
function storeFor(ctx: Context, state: SimState): Store {
  const token = (ctx.state as ApiState).token;
  if (ctx.params.accountId !== token.accountId) {
    throw apiError(403, 'forbidden', 'This token does not give access to that account');
  }
  const store = state.stores.get(token.accountId);
  if (!store) throw apiError(404, 'not_found', 'The account no longer exists');
  return store;
}

function orderFor(ctx: Context, store: Store): Order {
  const order = store.findOrder(ctx.params.orderId!);
  if (!order) throw apiError(404, 'not_found', `No order ${ctx.params.orderId}`);
  return order;
}

/** The Big Cartel API v1 under `/v1`: faults, then required headers, then the token, then the route. */
export function api(state: SimState): Middleware {
  const router = apiRoutes(state);
  const routes = router.routes();
  const checkToken = bearer(state);
  const injectFaults = faults(state);
  return async (ctx, next) => {
    if (ctx.path !== '/v1' && !ctx.path.startsWith('/v1/')) return next();
    await errors(ctx, () =>
      injectFaults(ctx, () =>
        requiredHeaders(ctx, () =>
          checkToken(ctx, () => routes(ctx as RouterContext, async () => {})),
        ),
      ),
    );
  };
}

function apiRoutes(state: SimState): Router {
  const router = new Router({ prefix: '/v1' });

  router.get('/accounts', (ctx) => {
    const store = state.stores.get((ctx.state as ApiState).token.accountId);
    const data = store ? [accountResource(store.profile)] : [];
    send(ctx, 200, {
      data,
      included: store ? [currencyResource(store.profile.currency)] : [],
      meta: { count: data.length },
    });
  });

  router.get('/accounts/:accountId', (ctx) => {
    const store = storeFor(ctx, state);
    send(ctx, 200, {
      data: accountResource(store.profile),
      included: [currencyResource(store.profile.currency)],
    });
  });

  router.get('/accounts/:accountId/orders', (ctx) => {
    const store = storeFor(ctx, state);
    let query;
    try {
      query = parseOrderQuery(ctx.query);
    } catch (error) {
      if (error instanceof QueryError) {
        throw apiError(400, 'invalid_parameter', error.message, { parameter: error.parameter });
      }
      throw error;
    }
    const page = listOrders(store, query);
    let next: string | undefined;
    const more = query.offset + page.orders.length < page.total && page.orders.length > 0;
    if (more && !store.listing.omitNextLink) {
      const url = new URL(ctx.url, baseUrl(ctx));
      url.searchParams.set('page[limit]', String(query.limit));
      url.searchParams.set('page[offset]', String(query.offset + query.limit));
      next = url.toString();
    }
    send(
      ctx,
      200,
      orderListDocument(
        page.orders,
        listingCount(page.total, store.listing),
        store.profile.accountId,
        baseUrl(ctx),
        next,
      ),
    );
  });

  router.get('/accounts/:accountId/orders/:orderId', (ctx) => {
    const store = storeFor(ctx, state);
    send(ctx, 200, orderDocument(orderFor(ctx, store), store.profile.accountId, baseUrl(ctx)));
  });

  router.patch('/accounts/:accountId/orders/:orderId', async (ctx) => {
    const store = storeFor(ctx, state);
    const order = orderFor(ctx, store);
    const updated = updateOrder(store, order, await readJson(ctx), Date.now());
    send(ctx, 200, orderDocument(updated, store.profile.accountId, baseUrl(ctx)));
  });

  router.post('/accounts/:accountId/orders/:orderId/shipments', async (ctx) => {
    const store = storeFor(ctx, state);
    const order = orderFor(ctx, store);
    const { shipment } = recordShipment(store, order, await readJson(ctx), Date.now());
    send(ctx, 201, { data: shipmentResource(shipment, order.id) });
  });

  return router;
}
