import type { Context, Middleware, Next } from 'koa';
import {
  createRouteMatcher,
  previewNotificationPage,
  routeTable,
  type HttpMethod,
  type RouteContract,
} from '@onvelope/contracts';
import { HttpError } from '@onvelope/service-kit/errors';
import type { ApiKeyGate } from './api-keys.js';
import { refuseDeclaredOversize } from './body-limit.js';
import type { UpstreamService } from './config.js';
import { proxyToService, type ProxySettings } from './proxy.js';
import type { createRateLimiter } from './rate-limit.js';

/** Answers a call the route table gives to the gateway itself. */
export type GatewayHandler = (ctx: Context) => Promise<void> | void;

export interface ApiRoutingOptions {
  services: Record<UpstreamService, URL>;
  /** One handler per route owned by 'gateway', keyed by its path. */
  gatewayHandlers: Record<string, GatewayHandler>;
  rateLimiter: ReturnType<typeof createRateLimiter>;
  /** Sellers' API keys: who may call what, and each key's limit (absent: keys are not looked at). */
  apiKeys?: ApiKeyGate;
  proxy: ProxySettings;
  routes?: readonly RouteContract[];
}

const methods: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Routes whose service sends the page's own Content-Security-Policy and X-Frame-Options, passed
 * through: svc-notify's message preview, whose inline e-mail styles the site's `style-src 'self'`
 * refuses and which the seller's settings frame. Every other answer keeps the gateway's.
 */
const routesWithOwnPagePolicy = new Set([previewNotificationPage.path]);

export const isApiPath = (path: string) => path.startsWith('/api/') || path.startsWith('/auth/');

/**
 * Routes `/api/*` and `/auth/*` by the contracts' route table: the owning service gets the call, an
 * unknown path is 404, a known path with another method is 405. Everything else goes on down.
 */
export function apiRouting(options: ApiRoutingOptions): Middleware {
  const routes = options.routes ?? routeTable;
  const matcher = createRouteMatcher(routes);
  for (const route of routes) {
    if (route.service === 'gateway' && !options.gatewayHandlers[route.path]) {
      throw new Error(`The gateway has no handler for its route ${route.method} ${route.path}`);
    }
  }

  return async (ctx: Context, next: Next) => {
    if (!isApiPath(ctx.path)) return next();

    // HEAD is answered wherever GET is, as HTTP expects.
    const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
    const found = matcher.match(method, ctx.path);
    if (!found) {
      if (matcher.knowsPath(ctx.path)) {
        ctx.set(
          'Allow',
          methods.filter((candidate) => matcher.match(candidate, ctx.path)).join(', '),
        );
        throw new HttpError(405, 'Method not allowed', [
          { message: `${ctx.method} is not supported on ${ctx.path}` },
        ]);
      }
      throw new HttpError(404, 'Not found', [
        { message: `No API route ${ctx.method} ${ctx.path}` },
      ]);
    }

    const { route } = found;
    // The metrics' route label: the contract's template, never the raw URL.
    ctx.state.route = route.path;
    await options.apiKeys?.admit(ctx, route);
    await options.rateLimiter.check(ctx, route);
    refuseDeclaredOversize(ctx, options.proxy.bodyLimitBytes);

    if (route.service === 'gateway') {
      await options.gatewayHandlers[route.path]?.(ctx);
      return;
    }
    // An upload is answered once the service has stored the whole file: a 30,000-row import on a
    // slow database took longer than the usual wait, and a timeout then answered an error for work
    // that succeeded.
    const proxy =
      route.streaming === 'request'
        ? { ...options.proxy, timeoutMs: options.proxy.uploadTimeoutMs }
        : options.proxy;
    await proxyToService(
      ctx,
      {
        service: route.service,
        baseUrl: options.services[route.service],
        ownPagePolicy: routesWithOwnPagePolicy.has(route.path),
      },
      proxy,
    );
  };
}
