import type Router from '@koa/router';
import {
  addFaultAndRequestRoutes,
  AdminError,
  adminRouter,
  isRecord,
  queryText,
  queryTexts,
  readObjectBody,
  readRequestFilter,
  type FaultRules,
} from '@onvelope/sim-kit';
import {
  type DeliveryFilter,
  type TrackerFilter,
  type TrackingSimAdmin,
  type WebhookOptions,
} from '../admin.js';
import { readJson } from '../http/body.js';
import { type DeliveryState } from '../state/events.js';
import { faultKeys } from '../state/faults.js';

const faultRules: FaultRules = {
  keys: faultKeys,
  numberFields: ['copies', 'delayMs', 'holdMs'],
  stringFields: ['match', 'method'],
  check: (body) => {
    const status = isRecord(body.serverError) ? body.serverError.status : undefined;
    if (
      status !== undefined &&
      (!Number.isInteger(status) || (status as number) < 500 || (status as number) > 599)
    ) {
      throw new AdminError('serverError.status must be a 5xx status');
    }
  },
};

function deliveryFilter(query: Record<string, unknown>): DeliveryFilter {
  const { description, state, ...texts } = queryTexts(query, [
    'trackingCode',
    'trackerId',
    'description',
    'state',
    'webhookId',
  ]);
  const filter: DeliveryFilter = texts;
  if (description === 'tracker.created' || description === 'tracker.updated') {
    filter.description = description;
  }
  if (state) filter.state = state as DeliveryState;
  return filter;
}

/** The simulator's own control API under `/_admin` (not part of EasyPost; no authentication). */
export function adminRoutes(admin: TrackingSimAdmin): Router {
  const router = adminRouter();

  router.get('/trackers', async (ctx) => {
    const query = ctx.query as Record<string, unknown>;
    const filter: TrackerFilter = {};
    const trackingCode = queryText(query, 'trackingCode');
    const mode = queryText(query, 'mode');
    if (trackingCode) filter.trackingCode = trackingCode;
    if (mode === 'test' || mode === 'production') filter.mode = mode;
    ctx.body = { trackers: await admin.listTrackers(filter) };
  });
  router.get('/lives/:trackingCode', async (ctx) => {
    ctx.body = await admin.previewLife(
      ctx.params.trackingCode!,
      queryText(ctx.query as Record<string, unknown>, 'carrier'),
    );
  });
  router.get('/webhooks', async (ctx) => {
    ctx.body = { webhooks: await admin.listWebhooks() };
  });
  router.post('/webhooks', async (ctx) => {
    ctx.status = 201;
    ctx.body = await admin.addWebhook(
      (await readObjectBody(ctx, readJson)) as unknown as WebhookOptions,
    );
  });
  router.delete('/webhooks/:id', async (ctx) => {
    if (!(await admin.removeWebhook(ctx.params.id!))) throw new AdminError('no such webhook', true);
    ctx.status = 204;
  });
  router.get('/deliveries', async (ctx) => {
    ctx.body = {
      deliveries: await admin.deliveries(deliveryFilter(ctx.query as Record<string, unknown>)),
    };
  });
  addFaultAndRequestRoutes(router, admin, {
    rules: faultRules,
    readJson,
    readFilter: readRequestFilter,
  });
  router.post('/clock', async (ctx) => {
    const body = await readObjectBody(ctx, readJson);
    ctx.body = { offsetMs: await admin.advanceClock(body.advanceMs as number) };
  });
  router.post('/reset', async (ctx) => {
    await admin.reset();
    ctx.status = 204;
  });

  return router;
}
