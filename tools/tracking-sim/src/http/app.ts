import { BodyError, logRequests } from '@onvelope/sim-kit';
import Koa from 'koa';
import { createLocalAdmin, type TrackingSimAdmin } from '../admin.js';
import { adminRoutes } from '../routes/admin.routes.js';
import { apiGate, apiRoutes } from '../routes/api.routes.js';
import { publicRoutes } from '../routes/public.routes.js';
import { type SimState } from '../state/sim-state.js';
import { type TrackerEvents } from '../webhooks/tracker-events.js';
import { EasyPostFailure, notFound } from './errors.js';
import { respond } from './respond.js';

const bodyErrorCodes: Record<number, string> = {
  400: 'BAD_REQUEST',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/** The simulator's Koa app: the EasyPost `/v2` API, public tracking pages and `/_admin`. */
export function createApp(
  state: SimState,
  events: TrackerEvents,
): { app: Koa; admin: TrackingSimAdmin } {
  const app = new Koa();
  const admin = createLocalAdmin(state, () => events.tick());

  app.use(
    logRequests(state.requests, (ctx, record) => ({
      ...record,
      mode: (ctx.state as { mode?: string }).mode,
    })),
  );
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const failure =
        error instanceof BodyError
          ? new EasyPostFailure(error.status, bodyErrorCodes[error.status]!, error.message)
          : error instanceof EasyPostFailure
            ? error
            : undefined;
      if (failure) {
        ctx.set(failure.headers);
        respond(ctx, failure.status, failure.body);
      } else {
        console.error('tracking-sim: unexpected error', error);
        const failure = new EasyPostFailure(500, 'INTERNAL_SERVER_ERROR', 'Something went wrong');
        respond(ctx, 500, failure.body);
      }
    }
  });

  app.use(apiGate(state));
  const api = apiRoutes(state, events);
  app.use(api.routes()).use(api.allowedMethods());
  const pages = publicRoutes(state);
  app.use(pages.routes());
  const control = adminRoutes(admin);
  app.use(control.routes()).use(control.allowedMethods());
  app.use((ctx) => {
    if (ctx.path.startsWith('/v2/')) {
      respond(ctx, 404, notFound('resource').body);
      return;
    }
    ctx.status = 404;
    ctx.body = { error: `No route for ${ctx.method} ${ctx.path}`, details: [] };
  });
  return { app, admin };
}
