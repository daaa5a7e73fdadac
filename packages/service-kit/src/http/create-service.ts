import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa, { type Context, type Next } from 'koa';
import type { Connection } from 'mongoose';
import type { z } from 'zod';
import {
  requiresSubscription,
  routesOf,
  toColonPath,
  type RouteContract,
  type RouteSchemas,
  type ServiceName,
} from '@onvelope/contracts';
import {
  authenticate,
  createJwksVerifier,
  honouringRevocations,
  type TokenVerifier,
} from '../auth/auth.js';
import {
  followBillingAccess,
  requireOpenWorkspace,
  type BillingAccess,
} from '../billing/billing-access.js';
import { loadConfig, type BaseConfig, type Env } from '../config/config.js';
import { badRequest, errorMiddleware, HttpError } from '../errors/errors.js';
import { foregroundCalls, type ForegroundCalls } from '../work/foreground-calls.js';
import { gatewayForwardedHeadersOnly } from './forwarded-headers.js';
import { checkReadiness, type ReadinessCheck } from './health.js';
import { listen, type RunningService } from './http-server.js';
import { createLogger, type Logger } from '../observability/logger.js';
import {
  createMetrics,
  httpMetricsMiddleware,
  metricsEndpoint,
  type Metrics,
} from '../observability/metrics.js';
import { connectDatabase, pingDatabase } from '../mongo/mongo.js';
import {
  connectNats,
  pingNats,
  recordMessagingMetrics,
  type NatsConnection,
} from '../nats/nats.js';
import { requestIdMiddleware } from './request-id.js';
import { followRevocations } from '../auth/revocations.js';
import { traceMiddleware } from '../observability/trace-context.js';
import type { ValidatedInput } from './validation.js';
import { validateRequest } from './validation.js';

export type RouteHandler<S extends RouteSchemas> = (
  ctx: Context,
  input: ValidatedInput<S>,
) => Promise<(S['response'] extends z.ZodType ? z.infer<S['response']> : unknown) | void>;

export interface ServiceRoutes {
  /**
   * Serves a route of the contracts: authenticates by its access, parses JSON (not for streamed
   * bodies), validates with its schemas, then calls the handler; a returned value is the JSON body.
   */
  handle<S extends RouteSchemas>(route: RouteContract<S>, handler: RouteHandler<S>): void;
}

export interface ServiceContext<C extends BaseConfig> {
  config: C;
  log: Logger;
  db: Connection;
  nats: NatsConnection;
  routes: ServiceRoutes;
  verifyToken: TokenVerifier;
  /** This service's Prometheus registry; add the service's own counters here (served at /metrics). */
  metrics: Metrics;
  /**
   * The contract calls being answered (all but streamed uploads), for bulk work to give way to
   * them (`work/foreground-calls.ts`).
   */
  foreground: ForegroundCalls;
}

export interface ServiceHooks {
  /** Stops consumers and jobs; runs after HTTP has drained and before connections close. */
  stop?: () => Promise<void>;
  readiness?: ReadinessCheck[];
}

export interface ServiceDefinition<S extends z.ZodObject> {
  name: ServiceName;
  configSchema: S;
  env: Env;
  /** svc-auth verifies with its own key instead of fetching its own JWKS over HTTP. */
  verifyToken?: (config: z.infer<S>) => Promise<TokenVerifier>;
  setup?: (context: ServiceContext<z.infer<S> & BaseConfig>) => Promise<ServiceHooks | void>;
}

/**
 * A route that reads a JSON body refuses one sent as anything else: read as no body at all, its
 * fields would be missing or their defaults (a search of every order, "Tracking number is
 * required" of a number that was sent). `ctx.is` answers null when there is no body.
 */
async function requireJsonBody(ctx: Context, next: Next) {
  if (ctx.is('json') === false) {
    throw new HttpError(
      415,
      'The request body must be JSON, sent with Content-Type: application/json',
    );
  }
  await next();
}

function rejectBody(error: Error): never {
  if ((error as { status?: number }).status === 413)
    throw new HttpError(413, 'Request body is too large');
  throw badRequest('Request body is not valid JSON');
}

/**
 * Builds a service the house way: config from the environment, JSON logs, request ids, W3C trace
 * context, errors as `{ error, details }`, contract validation, JWKS auth, its own database, NATS,
 * `/healthz`, `/readyz`, Prometheus `/metrics`, and a drain-then-close shutdown.
 *
 * @example
 * export const startAnalyticsService = (env: Env) =>
 *   createService({ name: 'svc-analytics', env, configSchema, setup: async ({ routes, db }) => { ... } });
 */
export async function createService<S extends z.ZodObject>(
  definition: ServiceDefinition<S>,
): Promise<RunningService> {
  const config = loadConfig(definition.configSchema, definition.env) as z.infer<S> & BaseConfig;
  const log = createLogger(definition.name, config.LOG_LEVEL);
  const metrics = createMetrics({ service: definition.name });
  // What a start that fails half-way must undo, newest first.
  const opened: (() => Promise<unknown>)[] = [];
  const undoStart = async (error: unknown): Promise<never> => {
    for (const close of opened.reverse()) await close();
    throw error;
  };
  const db = await connectDatabase(config.MONGO_URL, config.MONGO_DB, metrics);
  opened.push(() => db.close());
  const nats = await connectNats(config.NATS_URL, definition.name, {
    streamReplicas: config.NATS_STREAM_REPLICAS,
  }).catch(undoStart);
  opened.push(() => nats.close());
  recordMessagingMetrics(nats, metrics);
  const revocations = await followRevocations(nats, log).catch(undoStart);
  opened.push(() => revocations.stop());
  // Only services with paid workspace calls follow the billing state of every account.
  const billingAccess: BillingAccess | undefined = routesOf(definition.name).some(
    requiresSubscription,
  )
    ? await followBillingAccess(nats, log).catch(undoStart)
    : undefined;
  if (billingAccess) opened.push(() => billingAccess.stop());
  const verifyToken = honouringRevocations(
    definition.verifyToken
      ? await definition.verifyToken(config)
      : createJwksVerifier(config.AUTH_JWKS_URL),
    revocations.notBeforeMs,
  );

  // X-Forwarded-* carry the caller's address from the gateway; only the gateway's are kept (below).
  const app = new Koa({ proxy: true });
  const router = new Router();
  const foreground = foregroundCalls();
  const routes: ServiceRoutes = {
    handle(route, handler) {
      if (route.service !== definition.name) {
        throw new Error(
          `${route.method} ${route.path} belongs to ${route.service}, not ${definition.name}`,
        );
      }
      const parseJson =
        route.streaming === 'request'
          ? []
          : [
              ...(route.schemas.body ? [requireJsonBody] : []),
              bodyParser({
                enableTypes: ['json'],
                jsonLimit: '1mb',
                encoding: 'utf-8',
                onError: rejectBody,
              }),
            ];
      router.register(
        toColonPath(route.path),
        [route.method],
        [
          async (ctx: Context, next) => {
            // The metrics' route label: the contract's template, never the raw URL.
            ctx.state.route = route.path;
            // An upload is bulk work itself: it is what gives way.
            if (route.streaming === 'request') await next();
            else await foreground.track(next);
          },
          authenticate(route.access, verifyToken),
          ...(billingAccess && requiresSubscription(route)
            ? [requireOpenWorkspace(billingAccess)]
            : []),
          ...parseJson,
          validateRequest(route),
          async (ctx: Context) => {
            const result = await handler(ctx, ctx.state.input);
            if (result !== undefined) ctx.body = result;
          },
        ],
      );
    },
  };

  let hooks: ServiceHooks = {};
  const readinessChecks = (): ReadinessCheck[] => [
    { name: 'mongodb', check: () => pingDatabase(db) },
    { name: 'nats', check: () => pingNats(nats) },
    ...(hooks.readiness ?? []),
  ];
  // Probes and the scrape are routes too, labelled by their path (no contract names them).
  const probe = (path: string, answer: (ctx: Context) => Promise<void> | void) =>
    router.get(path, async (ctx) => {
      ctx.state.route = path;
      await answer(ctx);
    });
  probe('/healthz', (ctx) => {
    ctx.body = { status: 'ok', service: definition.name };
  });
  probe('/readyz', async (ctx) => {
    const readiness = await checkReadiness(definition.name, readinessChecks());
    ctx.status = readiness.status === 'ready' ? 200 : 503;
    ctx.body = readiness;
  });
  // Scraped from inside the system: the gateway routes only /api and /auth, so it never gets here.
  probe('/metrics', metricsEndpoint(metrics));

  try {
    hooks =
      (await definition.setup?.({
        config,
        log,
        db,
        nats,
        routes,
        verifyToken,
        metrics,
        foreground,
      })) ?? {};
  } catch (error) {
    await undoStart(error);
  }

  app.use(gatewayForwardedHeadersOnly(config.GATEWAY_SECRET));
  app.use(httpMetricsMiddleware(metrics));
  app.use(traceMiddleware());
  app.use(requestIdMiddleware(log));
  app.use(errorMiddleware(log));
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));
  app.use(async (ctx) => {
    ctx.status = 404;
    ctx.body = { error: 'Not found' };
  });

  const running = await listen(app, {
    host: config.HOST,
    port: config.PORT,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    onClosed: async () => {
      await hooks.stop?.();
      await billingAccess?.stop();
      await revocations.stop();
      await nats.drain().catch(() => nats.close());
      await db.close();
      log.info('stopped');
    },
  });
  log.info({ url: running.url }, 'listening');
  return running;
}
