import type { Agent } from 'node:http';
import Koa from 'koa';
import { errorMiddleware, notFound, requestIdMiddleware, type Logger } from '@onvelope/service-kit';
import { apiDocsPage, openApiDocument } from './api-docs.js';
import { apiRouting } from './api-routing.js';
import { serviceBaseUrls, type GatewayConfig } from './config.js';
import { corsForOrigins } from './cors.js';
import { createRateLimiter, gatewayRateLimitRules } from './rate-limit.js';
import { remoteRegistry } from './remote-registry.js';
import { frontendDirs, staticHosting } from './static-hosting.js';
import { checkSystemHealth } from './system-health.js';

/** The gateway's Koa app: request ids, errors, CORS, API routing, then the built frontends. */
export function createGatewayApp(config: GatewayConfig, logger: Logger, upstreamAgent: Agent): Koa {
  // Behind one trusted load balancer, the client is the last address it appended to X-Forwarded-For;
  // earlier entries are whatever the client sent.
  const app = new Koa({ proxy: config.TRUST_PROXY, maxIpsCount: 1 });
  const services = serviceBaseUrls(config);
  const registry = remoteRegistry(config);

  // Streams cut by a client that went away end up here; they are not the gateway's failures.
  app.on('error', (error: unknown) => logger.debug({ err: error }, 'response stream ended early'));

  app.use(requestIdMiddleware(logger));
  app.use(errorMiddleware(logger));
  app.use(corsForOrigins(config.CORS_ORIGINS));

  // Liveness of the gateway process itself (compose and orchestrators probe it); /api/health
  // is the readiness of everything behind it.
  app.use(async (ctx, next) => {
    if (ctx.path !== '/healthz' || ctx.method !== 'GET') return next();
    ctx.body = { status: 'ok', service: 'gateway' };
  });

  app.use(async (ctx, next) => {
    if (ctx.path !== '/remotes.json' || (ctx.method !== 'GET' && ctx.method !== 'HEAD'))
      return next();
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = registry;
  });

  app.use(
    apiRouting({
      services,
      rateLimiter: createRateLimiter(
        gatewayRateLimitRules({
          signIn: config.SIGN_IN_RATE_LIMIT,
          lookup: config.LOOKUP_RATE_LIMIT,
        }),
        config.RATE_LIMIT_WINDOW_MS,
      ),
      proxy: {
        agent: upstreamAgent,
        bodyLimitBytes: config.BODY_LIMIT_BYTES,
        timeoutMs: config.UPSTREAM_TIMEOUT_MS,
        trustProxy: config.TRUST_PROXY,
      },
      gatewayHandlers: {
        '/api/health': async (ctx) => {
          const health = await checkSystemHealth(services, config.HEALTH_TIMEOUT_MS);
          ctx.set('Cache-Control', 'no-store');
          ctx.status = health.status === 'ok' ? 200 : 503;
          ctx.body = health;
        },
        '/api/docs': (ctx) => {
          ctx.body = ctx.query.format === 'html' ? apiDocsPage() : openApiDocument;
        },
      },
    }),
  );

  if (config.SERVE_FRONTENDS) app.use(staticHosting(frontendDirs(config.STATIC_DIR)));

  app.use(() => {
    throw notFound('Not found');
  });
  return app;
}
