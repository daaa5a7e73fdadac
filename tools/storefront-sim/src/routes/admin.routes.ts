import type Router from '@koa/router';
import {
  addFaultAndRequestRoutes,
  AdminError,
  adminRouter,
  queryTexts,
  readFaults,
  readObjectBody,
  readRequestFilter,
  type FaultRules,
} from '@onvelope/sim-kit';
import { type OrderChanges, type StoreFrontSimAdmin } from '../admin.js';
import { readJson } from '../http/body.js';
import { faultKeys, type Faults } from '../state/faults.js';
import { type RequestFilter } from '../state/request-log.js';
import { type StoreOptions } from '../state/sim-state.js';

const faultRules: FaultRules = {
  keys: faultKeys,
  numberFields: ['afterRequests'],
  required: { revokeToken: ['token', 'string'] },
};

function requestFilter(query: Record<string, unknown>): RequestFilter {
  return { ...readRequestFilter(query), ...queryTexts(query, ['accountId']) };
}

/** The simulator's own control API under `/_admin` (not part of Big Cartel; no authentication). */
export function adminRoutes(admin: StoreFrontSimAdmin): Router {
  const router = adminRouter();

  router.get('/stores', async (ctx) => {
    ctx.body = { stores: await admin.listStores() };
  });
  router.post('/stores', async (ctx) => {
    ctx.status = 201;
    ctx.body = await admin.createStore((await readObjectBody(ctx, readJson)) as StoreOptions);
  });
  router.post('/stores/:accountId/orders', async (ctx) => {
    ctx.body = await admin.changeOrders(
      ctx.params.accountId!,
      (await readObjectBody(ctx, readJson)) as OrderChanges,
    );
  });
  router.post('/stores/:accountId/tokens', async (ctx) => {
    ctx.status = 201;
    ctx.body = { accessToken: await admin.issueToken(ctx.params.accountId!) };
  });
  router.post('/session', async (ctx) => {
    const body = await readObjectBody(ctx, readJson);
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
  router.get('/stores/:accountId/faults', async (ctx) => {
    ctx.body = await admin.getStoreFaults(ctx.params.accountId!);
  });
  router.post('/stores/:accountId/faults', async (ctx) => {
    const faults = readFaults<Faults>(await readObjectBody(ctx, readJson), faultRules);
    ctx.body = await admin.setStoreFaults(ctx.params.accountId!, faults);
  });
  router.delete('/stores/:accountId/faults', async (ctx) => {
    await admin.clearStoreFaults(ctx.params.accountId!);
    ctx.status = 204;
  });
  addFaultAndRequestRoutes(router, admin, {
    rules: faultRules,
    readJson,
    readFilter: requestFilter,
  });

  return router;
}
