import type { Agent } from 'node:http';
import Koa, { type Context, type Middleware, type Next } from 'koa';
import { apiKeyMessages } from '@onvelope/contracts';
import {
  createMetrics,
  httpMetricsMiddleware,
  traceMiddleware,
  type Logger,
  type Metrics,
} from '@onvelope/service-kit/observability';
import { errorMiddleware, notFound } from '@onvelope/service-kit/errors';
import { requestIdMiddleware } from '@onvelope/service-kit/http';
import { compressOwnJsonAnswers } from './api-compression.js';
import { serveApiDocs } from './api-docs.js';
import { apiKeyGate, type ApiKeyCache } from './api-keys.js';
import { apiRouting } from './api-routing.js';
import { serviceBaseUrls, type GatewayConfig } from './config.js';
import { corsForOrigins } from './cors.js';
import { cachedMetricsEndpoint, metricsAccess } from './metrics-scrape.js';
import { createRateLimiter, gatewayRateLimitRules, type CounterFor } from './rate-limit.js';
import { remoteRegistry } from './remote-registry.js';
import { securityHeaders } from './security-headers.js';
import { frontendDirs, staticHosting } from './static-hosting.js';
import { checkSystemHealth } from './system-health.js';

/** Answers `path` (GET only) with `answer`, labelled as that route in the metrics. */
const exactly =
  (path: string, answer: (ctx: Context) => Promise<void> | void): Middleware =>
  async (ctx: Context, next: Next) => {
    if (ctx.path !== path || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.state.route = path;
    await answer(ctx);
  };

/** Labels the requests `middleware` handles with `route` (the built frontends have no contract). */
const labelled =
  (route: string, middleware: Middleware): Middleware =>
  (ctx, next) => {
    ctx.state.route = route;
    return middleware(ctx, next);
  };

/**
 * The gateway's Koa app: metrics, trace context, request ids, security headers, errors, CORS, API
 * routing, then the built frontends.
 */
export function createGatewayApp(
  config: GatewayConfig,
  logger: Logger,
  {
    upstreamAgent,
    rateLimitCounters,
    apiKeys,
    metrics = createMetrics({ service: 'gateway' }),
    isDraining = () => false,
  }: {
    upstreamAgent: Agent;
    rateLimitCounters: CounterFor;
    /** Sellers' API keys as svc-auth answered them; absent without NATS (keys then get 503). */
    apiKeys?: Pick<ApiKeyCache, 'identify'>;
    metrics?: Metrics;
    /** True once the gateway drains for shutdown: `/readyz` then says so. */
    isDraining?: () => boolean;
  },
): Koa {
  // Behind one trusted load balancer, the client is the last address it appended to X-Forwarded-For;
  // earlier entries are whatever the client sent.
  const app = new Koa({ proxy: config.TRUST_PROXY, maxIpsCount: 1 });
  const services = serviceBaseUrls(config);
  const registry = remoteRegistry(config);

  // Streams cut by a client that went away end up here; they are not the gateway's failures.
  app.on('error', (error: unknown, ctx?: Context) =>
    ((ctx?.state.log as Logger | undefined) ?? logger).debug(
      { err: error },
      'response stream ended early',
    ),
  );

  const upstreamLatency = metrics.histogram({
    name: 'upstream_request_duration_seconds',
    help: 'Time from forwarding a call to the first byte of the service’s answer, by service and status',
    labelNames: ['service', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  });

  app.use(httpMetricsMiddleware(metrics));
  // A request's log lines and upstream call all go through ctx (its logger and its state), so the
  // trace stays there.
  app.use(traceMiddleware({ asyncContext: false }));
  app.use(requestIdMiddleware(logger));
  app.use(securityHeaders(registry));
  app.use(errorMiddleware(logger));
  app.use(compressOwnJsonAnswers());
  app.use(corsForOrigins(config.CORS_ORIGINS));

  // Liveness of the gateway process itself (compose and orchestrators probe it); /api/health
  // is the readiness of everything behind it.
  app.use(
    exactly('/healthz', (ctx) => {
      ctx.body = { status: 'ok', service: 'gateway' };
    }),
  );
  // The gateway's own readiness: false from the moment it starts draining, so a load balancer
  // stops sending it new calls while those in flight finish. It holds no database, and asking
  // every service (/api/health) would take all gateways out when one service is down.
  app.use(
    exactly('/readyz', (ctx) => {
      const draining = isDraining();
      ctx.status = draining ? 503 : 200;
      ctx.body = { status: draining ? 'draining' : 'ready', service: 'gateway' };
    }),
  );

  // On the public port: never open to the public (issue 32 §3), and cheap however often scraped.
  const mayScrape = metricsAccess(config.METRICS_TOKEN, config.NODE_ENV === 'production');
  const exposeMetrics = cachedMetricsEndpoint(metrics);
  app.use(
    exactly('/metrics', async (ctx) => {
      mayScrape(ctx);
      await exposeMetrics(ctx);
    }),
  );

  app.use(
    exactly('/remotes.json', (ctx) => {
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = registry;
    }),
  );

  app.use(
    apiRouting({
      services,
      apiKeys: apiKeyGate(apiKeys, {
        counter: rateLimitCounters({
          name: 'api-key',
          routes: [],
          max: config.API_KEY_RATE_LIMIT,
          message: apiKeyMessages.rateLimited,
        }),
      }),
      rateLimiter: createRateLimiter(
        gatewayRateLimitRules({
          signIn: config.SIGN_IN_RATE_LIMIT,
          lookup: config.LOOKUP_RATE_LIMIT,
        }),
        rateLimitCounters,
      ),
      proxy: {
        agent: upstreamAgent,
        bodyLimitBytes: config.BODY_LIMIT_BYTES,
        timeoutMs: config.UPSTREAM_TIMEOUT_MS,
        uploadTimeoutMs: config.UPLOAD_TIMEOUT_MS,
        gatewaySecret: config.GATEWAY_SECRET,
        onUpstreamAnswer: (service, status, seconds) =>
          upstreamLatency.observe({ service, status: String(status) }, seconds),
      },
      gatewayHandlers: {
        '/api/health': async (ctx) => {
          const health = await checkSystemHealth(services, config.HEALTH_TIMEOUT_MS);
          ctx.set('Cache-Control', 'no-store');
          ctx.status = health.status === 'ok' ? 200 : 503;
          ctx.body = health;
        },
        '/api/docs': serveApiDocs,
      },
    }),
  );

  if (config.SERVE_FRONTENDS) {
    const serveFrontends = staticHosting(frontendDirs(config.STATIC_DIR));
    app.use((ctx, next) => {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
      return labelled(ctx.path.startsWith('/mf/') ? '/mf/*' : '/*', serveFrontends)(ctx, next);
    });
  }

  app.use(() => {
    throw notFound('Not found');
  });
  return app;
}
