import Router from '@koa/router';
import { type Context, type Next } from 'koa';
import {
  AdminError,
  type DeliveryFilter,
  type TrackerFilter,
  type TrackingSimAdmin,
  type WebhookOptions,
} from '../admin.js';
import { BodyError, isRecord, readJson } from '../http/body.js';
import { type DeliveryState } from '../state/events.js';
import { faultKeys, type Faults } from '../state/faults.js';
import { type RequestFilter } from '../state/request-log.js';

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

const numberFields = [
  'next',
  'every',
  'perSecond',
  'retryAfterSeconds',
  'ms',
  'status',
  'copies',
  'delayMs',
  'holdMs',
];

function readFaults(body: Record<string, unknown>): Faults {
  for (const [key, value] of Object.entries(body)) {
    if (!(faultKeys as readonly string[]).includes(key)) {
      throw new AdminError(`unknown fault "${key}"; use ${faultKeys.join(', ')}`);
    }
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
    for (const field of ['match', 'method']) {
      if (value[field] !== undefined && typeof value[field] !== 'string') {
        throw new AdminError(`${key}.${field} must be a string`);
      }
    }
  }
  if (isRecord(body.delay) && typeof body.delay.ms !== 'number') {
    throw new AdminError('delay.ms is required');
  }
  if (isRecord(body.serverError)) {
    if (typeof body.serverError.next !== 'number')
      throw new AdminError('serverError.next is required');
    const status = body.serverError.status;
    if (
      status !== undefined &&
      (!Number.isInteger(status) || (status as number) < 500 || (status as number) > 599)
    ) {
      throw new AdminError('serverError.status must be a 5xx status');
    }
  }
  return body as Faults;
}

function text(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function requestFilter(query: Record<string, unknown>): RequestFilter {
  const filter: RequestFilter = {};
  const method = text(query, 'method');
  const route = text(query, 'route');
  const pathPrefix = text(query, 'pathPrefix');
  const status = text(query, 'status');
  if (method) filter.method = method;
  if (route) filter.route = route;
  if (pathPrefix) filter.pathPrefix = pathPrefix;
  if (status) filter.status = Number(status);
  return filter;
}

function deliveryFilter(query: Record<string, unknown>): DeliveryFilter {
  const filter: DeliveryFilter = {};
  const trackingCode = text(query, 'trackingCode');
  const trackerId = text(query, 'trackerId');
  const description = text(query, 'description');
  const state = text(query, 'state');
  const webhookId = text(query, 'webhookId');
  if (trackingCode) filter.trackingCode = trackingCode;
  if (trackerId) filter.trackerId = trackerId;
  if (description === 'tracker.created' || description === 'tracker.updated') {
    filter.description = description;
  }
  if (state) filter.state = state as DeliveryState;
  if (webhookId) filter.webhookId = webhookId;
  return filter;
}

/** The simulator's own control API under `/_admin` (not part of EasyPost; no authentication). */
export function adminRoutes(admin: TrackingSimAdmin): Router {
  const router = new Router({ prefix: '/_admin' });
  router.use(errors);

  router.get('/trackers', async (ctx) => {
    const query = ctx.query as Record<string, unknown>;
    const filter: TrackerFilter = {};
    const trackingCode = text(query, 'trackingCode');
    const mode = text(query, 'mode');
    if (trackingCode) filter.trackingCode = trackingCode;
    if (mode === 'test' || mode === 'production') filter.mode = mode;
    ctx.body = { trackers: await admin.listTrackers(filter) };
  });
  router.get('/lives/:trackingCode', async (ctx) => {
    ctx.body = await admin.previewLife(
      ctx.params.trackingCode!,
      text(ctx.query as Record<string, unknown>, 'carrier'),
    );
  });
  router.get('/webhooks', async (ctx) => {
    ctx.body = { webhooks: await admin.listWebhooks() };
  });
  router.post('/webhooks', async (ctx) => {
    ctx.status = 201;
    ctx.body = await admin.addWebhook((await objectBody(ctx)) as unknown as WebhookOptions);
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
  router.get('/requests', async (ctx) => {
    const filter = requestFilter(ctx.query as Record<string, unknown>);
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
  router.post('/clock', async (ctx) => {
    const body = await objectBody(ctx);
    ctx.body = { offsetMs: await admin.advanceClock(body.advanceMs as number) };
  });
  router.post('/reset', async (ctx) => {
    await admin.reset();
    ctx.status = 204;
  });

  return router;
}
