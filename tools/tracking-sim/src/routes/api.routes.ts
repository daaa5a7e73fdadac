import Router from '@koa/router';
import { decodedUrl, isRecord } from '@onvelope/sim-kit';
import { type Context, type Next } from 'koa';
import { normaliseCarrier, normaliseTrackingCode } from '../domain/carriers.js';
import { modeOfAuthorization, type Mode } from '../http/auth.js';
import { readJson } from '../http/body.js';
import { badRequest, EasyPostFailure, notFound, serverErrorCodes } from '../http/errors.js';
import { trackerJson, webhookJson } from '../http/objects.js';
import { respond } from '../http/respond.js';
import { type SimState } from '../state/sim-state.js';
import { viewOf, type TrackerRecord } from '../state/trackers.js';
import { isWebhookUrl, type CustomHeader } from '../state/webhooks.js';
import { createTracker, readTrackerParams } from '../use-cases/create-tracker.js';
import { page, readPageParams } from '../http/paging.js';
import { eventJson } from '../webhooks/dispatcher.js';
import { type TrackerEvents } from '../webhooks/tracker-events.js';
import { eventStatus } from '../state/events.js';

const maxBatchCodes = 100;

function modeOf(ctx: Context): Mode {
  return (ctx.state as { mode: Mode }).mode;
}

/**
 * Faults, then authentication, for every `/v2` request: a fault answers before the key is looked
 * at, as an overloaded API would.
 */
export function apiGate(state: SimState) {
  return async (ctx: Context, next: Next) => {
    if (ctx.path !== '/v2' && !ctx.path.startsWith('/v2/')) return next();
    const request = { method: ctx.method, url: decodedUrl(ctx.url) };
    const delay = state.faults.delayFor(request);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const outcome = state.faults.outcome(request, Date.now());
    if (outcome.kind === 'rate-limited') {
      throw new EasyPostFailure(
        429,
        'RATE_LIMITED',
        'You have exceeded the rate limit. Please slow down and try again.',
        [],
        outcome.retryAfterSeconds === undefined
          ? {}
          : { 'Retry-After': String(outcome.retryAfterSeconds) },
      );
    }
    if (outcome.kind === 'server-error') {
      throw new EasyPostFailure(
        outcome.status,
        serverErrorCodes[outcome.status] ?? 'INTERNAL_SERVER_ERROR',
        'The simulator was told to fail this request.',
      );
    }
    (ctx.state as { mode: Mode }).mode = modeOfAuthorization(ctx.get('authorization') || undefined);
    await next();
    if (ctx.status === 405) {
      throw new EasyPostFailure(
        405,
        'METHOD_NOT_ALLOWED',
        `${ctx.method} is not allowed here.`,
        [],
        {
          Allow: ctx.response.get('Allow'),
        },
      );
    }
  };
}

function readCustomHeaders(value: unknown): CustomHeader[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw badRequest('custom_headers must be a list of {name, value}.');
  return value.map((header) => {
    const name = isRecord(header) ? (header.name ?? header.key) : undefined;
    if (!isRecord(header) || typeof name !== 'string' || typeof header.value !== 'string') {
      throw badRequest('custom_headers must be a list of {name, value}.');
    }
    return { name, value: header.value };
  });
}

/** The EasyPost API subset the official SDK's Tracker, Webhook and Event services call. */
export function apiRoutes(state: SimState, events: TrackerEvents): Router {
  const router = new Router({ prefix: '/v2' });

  const tracker = (record: TrackerRecord) =>
    trackerJson(record, viewOf(record, state.now()), state.publicUrl);
  const ownTracker = (ctx: Context): TrackerRecord => {
    const record = state.trackers.get(ctx.params.id!);
    if (!record || record.mode !== modeOf(ctx)) throw notFound('tracker');
    return record;
  };

  router.post('/trackers', async (ctx) => {
    const params = readTrackerParams(await readJson(ctx));
    const { tracker: record, created } = createTracker(state, events, modeOf(ctx), params);
    respond(ctx, created ? 201 : 200, tracker(record));
  });

  router.get('/trackers', (ctx) => {
    const query = ctx.query as Record<string, unknown>;
    const text = (name: string) =>
      typeof query[name] === 'string' && query[name] !== '' ? query[name] : undefined;
    const time = (name: string) => {
      const value = text(name);
      if (value === undefined) return undefined;
      const parsed = Date.parse(value);
      if (Number.isNaN(parsed)) throw badRequest(`${name} must be an ISO 8601 date-time.`);
      return parsed;
    };
    const code = text('tracking_code');
    const carrier = text('carrier');
    const createdFrom = time('start_datetime');
    const createdTo = time('end_datetime');
    const list = state.trackers.list({
      mode: modeOf(ctx),
      ...(code ? { trackingCode: normaliseTrackingCode(code) } : {}),
      ...(carrier ? { carrier: normaliseCarrier(carrier) } : {}),
      ...(createdFrom !== undefined ? { createdFrom } : {}),
      ...(createdTo !== undefined ? { createdTo } : {}),
    });
    const { items, hasMore } = page(list, readPageParams(query));
    respond(ctx, 200, { trackers: items.map(tracker), has_more: hasMore });
  });

  // `client.Tracker.retrieveBatch({tracking_codes: [...]})`: the mode's trackers for those codes.
  router.post('/trackers/batch', async (ctx) => {
    const body = await readJson(ctx);
    const codes = isRecord(body) ? body.tracking_codes : undefined;
    if (
      !Array.isArray(codes) ||
      codes.length === 0 ||
      !codes.every((code) => typeof code === 'string' && code.trim() !== '')
    ) {
      throw new EasyPostFailure(
        422,
        'TRACKER.INVALID_PARAMS',
        'tracking_codes must be a non-empty list of tracking codes.',
      );
    }
    if (codes.length > maxBatchCodes) {
      throw new EasyPostFailure(
        422,
        'TRACKER.INVALID_PARAMS',
        `At most ${maxBatchCodes} tracking codes at a time.`,
      );
    }
    const wanted = new Set((codes as string[]).map(normaliseTrackingCode));
    const carrier = isRecord(body) && typeof body.carrier === 'string' ? body.carrier : undefined;
    const found = state.trackers
      .list({ mode: modeOf(ctx), ...(carrier ? { carrier: normaliseCarrier(carrier) } : {}) })
      .filter((record) => wanted.has(record.trackingCode));
    respond(ctx, 200, { trackers: found.map(tracker), has_more: false });
  });

  router.get('/trackers/:id', (ctx) => {
    respond(ctx, 200, tracker(ownTracker(ctx)));
  });

  router.delete('/trackers/:id', (ctx) => {
    state.trackers.delete(ownTracker(ctx).id);
    respond(ctx, 200, {});
  });

  router.post('/webhooks', async (ctx) => {
    const body = await readJson(ctx);
    const params = isRecord(body) && isRecord(body.webhook) ? body.webhook : undefined;
    if (!params || !isWebhookUrl(params.url)) {
      throw new EasyPostFailure(
        422,
        'WEBHOOK.INVALID',
        'Send {"webhook": {"url": "https://…"}} with an http(s) URL.',
      );
    }
    const secret = params.webhook_secret;
    if (secret !== undefined && secret !== null && typeof secret !== 'string') {
      throw badRequest('webhook_secret must be a string.');
    }
    const hook = state.webhooks.add(
      {
        url: params.url,
        secret: secret ?? null,
        mode: modeOf(ctx),
        customHeaders: readCustomHeaders(params.custom_headers) ?? [],
      },
      'api',
      state.now(),
    );
    respond(ctx, 201, webhookJson(hook, modeOf(ctx)));
  });

  router.get('/webhooks', (ctx) => {
    const mode = modeOf(ctx);
    respond(ctx, 200, {
      webhooks: state.webhooks.visibleTo(mode).map((hook) => webhookJson(hook, mode)),
    });
  });

  const ownWebhook = (ctx: Context) => {
    const hook = state.webhooks.get(ctx.params.id!);
    const mode = modeOf(ctx);
    if (!hook || (hook.mode !== null && hook.mode !== mode)) throw notFound('webhook');
    return hook;
  };

  router.get('/webhooks/:id', (ctx) => {
    respond(ctx, 200, webhookJson(ownWebhook(ctx), modeOf(ctx)));
  });

  // EasyPost: an update re-enables a disabled webhook and may change its secret or headers.
  router.patch('/webhooks/:id', async (ctx) => {
    const hook = ownWebhook(ctx);
    const body = (await readJson(ctx)) ?? {};
    const params = isRecord(body) && isRecord(body.webhook) ? body.webhook : body;
    if (!isRecord(params)) throw badRequest('The body must be a JSON object.');
    if (params.url !== undefined) {
      if (!isWebhookUrl(params.url)) throw badRequest('url must be an http(s) URL.');
      hook.url = params.url;
    }
    if (params.webhook_secret !== undefined) {
      if (params.webhook_secret !== null && typeof params.webhook_secret !== 'string') {
        throw badRequest('webhook_secret must be a string.');
      }
      hook.secret = params.webhook_secret;
    }
    const headers = readCustomHeaders(params.custom_headers);
    if (headers) hook.customHeaders = headers;
    hook.disabledAt = null;
    respond(ctx, 200, webhookJson(hook, modeOf(ctx)));
  });

  router.delete('/webhooks/:id', (ctx) => {
    state.webhooks.remove(ownWebhook(ctx).id);
    respond(ctx, 200, {});
  });

  // Events as `/v2/events` shows them: without `result` (EasyPost's reference says so).
  router.get('/events', (ctx) => {
    const mode = modeOf(ctx);
    const list = state.events
      .list()
      .filter((event) => event.mode === mode)
      .reverse();
    const { items, hasMore } = page(list, readPageParams(ctx.query as Record<string, unknown>));
    respond(ctx, 200, {
      events: items.map((event) => eventJson(event, state.userId, eventStatus(event), false)),
      has_more: hasMore,
    });
  });

  router.get('/events/:id', (ctx) => {
    const event = state.events.get(ctx.params.id!);
    if (!event || event.mode !== modeOf(ctx)) throw notFound('event');
    respond(ctx, 200, eventJson(event, state.userId, eventStatus(event), false));
  });

  return router;
}
