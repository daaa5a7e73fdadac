import Router from '@koa/router';
import { type Context, type Next } from 'koa';
import { BodyError, isRecord } from '../http/body.js';
import { type RequestFilter } from '../request-log.js';
import { AdminError } from './admin-error.js';
import { type FaultAndRequestAdmin } from './operations.js';
import { readFaults, type FaultRules } from './read-faults.js';

async function errors(ctx: Context, next: Next) {
  try {
    await next();
  } catch (error) {
    if (error instanceof AdminError || error instanceof BodyError) {
      ctx.status = error instanceof BodyError ? error.status : error.notFound ? 404 : 400;
      ctx.body = { error: error.message, details: [] };
      return;
    }
    throw error;
  }
}

/**
 * A simulator's own control API under `/_admin` (no authentication), answering refused input
 * (AdminError, BodyError) as `{ error, details: [] }`.
 */
export function adminRouter(): Router {
  const router = new Router({ prefix: '/_admin' });
  router.use(errors);
  return router;
}

/** A JSON object body (an empty body is `{}`), read with the simulator's JSON reader. */
export async function readObjectBody(
  ctx: Context,
  readJson: (ctx: Context) => Promise<unknown>,
): Promise<Record<string, unknown>> {
  const body = (await readJson(ctx)) ?? {};
  if (!isRecord(body)) throw new AdminError('The body must be a JSON object');
  return body;
}

/** A query parameter's text; undefined when absent, empty or repeated. */
export function queryText(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The named query parameters that have a text (see `queryText`). */
export function queryTexts<K extends string>(
  query: Record<string, unknown>,
  names: readonly K[],
): Partial<Record<K, string>> {
  const texts: Partial<Record<K, string>> = {};
  for (const name of names) {
    const value = queryText(query, name);
    if (value !== undefined) texts[name] = value;
  }
  return texts;
}

/** `?method=&route=&pathPrefix=&status=` as a request filter. */
export function readRequestFilter(query: Record<string, unknown>): RequestFilter {
  const { status, ...texts } = queryTexts(query, ['method', 'route', 'pathPrefix', 'status']);
  return status === undefined ? texts : { ...texts, status: Number(status) };
}

export interface FaultAndRequestRouteOptions<Filter> {
  rules: FaultRules;
  readJson: (ctx: Context) => Promise<unknown>;
  /** The simulator's request filter from the query: `readRequestFilter`, or one with its own fields. */
  readFilter: (query: Record<string, unknown>) => Filter;
}

/**
 * `GET|POST|DELETE /faults` and `GET|DELETE /requests` on a simulator's admin router.
 *
 * @example
 * addFaultAndRequestRoutes(router, admin, { rules, readJson, readFilter: readRequestFilter });
 */
export function addFaultAndRequestRoutes<F, Filter extends RequestFilter, R>(
  router: Router,
  admin: FaultAndRequestAdmin<F, Filter, R>,
  options: FaultAndRequestRouteOptions<Filter>,
): void {
  router.get('/faults', async (ctx) => {
    ctx.body = await admin.getFaults();
  });
  router.post('/faults', async (ctx) => {
    const body = await readObjectBody(ctx, options.readJson);
    ctx.body = await admin.setFaults(readFaults<F>(body, options.rules));
  });
  router.delete('/faults', async (ctx) => {
    await admin.clearFaults();
    ctx.status = 204;
  });
  router.get('/requests', async (ctx) => {
    const filter = options.readFilter(ctx.query as Record<string, unknown>);
    ctx.body = {
      count: await admin.requestCount(filter),
      total: await admin.requestCount(),
      requests: await admin.requests(filter),
    };
  });
  router.delete('/requests', async (ctx) => {
    await admin.resetRequests();
    ctx.status = 204;
  });
}
