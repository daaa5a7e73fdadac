import Router from '@koa/router';
import { type Context, type Next } from 'koa';
import { AdminError, type OrderChanges, type StoreFrontSimAdmin } from '../admin.js';
import { BodyError, readJson } from '../http/body.js';
import { isRecord } from '../http/resource-body.js';
import { type Faults } from '../state/faults.js';
import { type RequestFilter } from '../state/request-log.js';
import { type StoreOptions } from '../state/sim-state.js';

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

async function objectBody(ctx: Context): Promise<Record<string, unknown>> {
  const body = (await readJson(ctx)) ?? {};
  if (!isRecord(body)) throw new AdminError('The body must be a JSON object');
  return body;
}

const faultKeys = ['rateLimit', 'delay', 'serverError', 'revokeToken'];
const numberFields = [
  'next',
  'every',
  'perSecond',
  'retryAfterSeconds',
  'ms',
  'status',
  'afterRequests',
];

function readFaults(body: Record<string, unknown>): Faults {
  for (const [key, value] of Object.entries(body)) {
    if (!faultKeys.includes(key))
      throw new AdminError(`unknown fault "${key}"; use ${faultKeys.join(', ')}`);
    if (value === null) continue;
    if (!isRecord(value)) throw new AdminError(`${key} must be an object or null`);
    for (const field of numberFields) {
      const number = value[field];
      if (
        number !== undefined &&
        (typeof number !== 'number' || !Number.isFinite(number) || number < 0)
      ) {
        throw new AdminError(`${key}.${field} must be a number of at least 0`);
      }
    }
  }
  if (isRecord(body.delay) && typeof body.delay.ms !== 'number')
    throw new AdminError('delay.ms is required');
  if (isRecord(body.serverError) && typeof body.serverError.next !== 'number') {
    throw new AdminError('serverError.next is required');
  }
  if (isRecord(body.revokeToken) && typeof body.revokeToken.token !== 'string') {
    throw new AdminError('revokeToken.token is required');
  }
  return body as Faults;
}

function requestFilter(query: Record<string, string | string[] | undefined>): RequestFilter {
  const text = (name: string) => (typeof query[name] === 'string' ? query[name] : undefined);
  const filter: RequestFilter = {};
  const method = text('method');
  const route = text('route');
  const pathPrefix = text('pathPrefix');
  const accountId = text('accountId');
  const status = text('status');
  if (method) filter.method = method;
  if (route) filter.route = route;
  if (pathPrefix) filter.pathPrefix = pathPrefix;
  if (accountId) filter.accountId = accountId;
  if (status) filter.status = Number(status);
  return filter;
}

/** The simulator's own control API under `/_admin` (not part of Big Cartel; no authentication). */
export function adminRoutes(admin: StoreFrontSimAdmin): Router {
  const router = new Router({ prefix: '/_admin' });
  router.use(errors);

  router.get('/stores', async (ctx) => {
    ctx.body = { stores: await admin.listStores() };
  });
  router.post('/stores', async (ctx) => {
    ctx.status = 201;
    ctx.body = await admin.createStore((await objectBody(ctx)) as StoreOptions);
  });
  router.post('/stores/:accountId/orders', async (ctx) => {
    ctx.body = await admin.changeOrders(
      ctx.params.accountId!,
      (await objectBody(ctx)) as OrderChanges,
    );
  });
  router.post('/stores/:accountId/tokens', async (ctx) => {
    ctx.status = 201;
    ctx.body = { accessToken: await admin.issueToken(ctx.params.accountId!) };
  });
  router.post('/session', async (ctx) => {
    const body = await objectBody(ctx);
    await admin.signIn(String(body.accountId ?? ''));
    ctx.status = 204;
  });
  router.get('/orders/:accountId/:orderId', async (ctx) => {
    const order = await admin.getOrder(ctx.params.accountId!, ctx.params.orderId!);
    if (!order) throw new AdminError(`no order ${ctx.params.orderId}`, true);
    ctx.body = order;
  });
  router.post('/tokens/:token/revoke', async (ctx) => {
    if (!(await admin.revokeToken(ctx.params.token!))) throw new AdminError('unknown token', true);
    ctx.status = 204;
  });
  router.get('/faults', async (ctx) => {
    ctx.body = await admin.getFaults();
  });
  router.post('/faults', async (ctx) => {
    ctx.body = await admin.setFaults(readFaults(await objectBody(ctx)));
  });
  router.delete('/faults', async (ctx) => {
    await admin.clearFaults();
    ctx.status = 204;
  });
  router.get('/stores/:accountId/faults', async (ctx) => {
    ctx.body = await admin.getStoreFaults(ctx.params.accountId!);
  });
  router.post('/stores/:accountId/faults', async (ctx) => {
    ctx.body = await admin.setStoreFaults(ctx.params.accountId!, readFaults(await objectBody(ctx)));
  });
  router.delete('/stores/:accountId/faults', async (ctx) => {
    await admin.clearStoreFaults(ctx.params.accountId!);
    ctx.status = 204;
  });
  router.get('/requests', async (ctx) => {
    const filter = requestFilter(ctx.query);
    const requests = await admin.requests(filter);
    ctx.body = {
      count: await admin.requestCount(filter),
      total: await admin.requestCount(),
      requests,
    };
  });
  router.delete('/requests', async (ctx) => {
    await admin.resetRequests();
    ctx.status = 204;
  });

  return router;
}
