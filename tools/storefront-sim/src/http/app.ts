import { BodyError, logRequests } from '@onvelope/sim-kit';
import Koa from 'koa';
import { createLocalAdmin, type StoreFrontSimAdmin } from '../admin.js';
import { accountIdInPath, api } from '../routes/api.routes.js';
import { adminRoutes } from '../routes/admin.routes.js';
import { oauthRoutes } from '../routes/oauth.routes.js';
import { type SimState } from '../state/sim-state.js';

/** The simulator's Koa app: OAuth, the `/v1` API and the `/_admin` control API. */
export function createApp(state: SimState): { app: Koa; admin: StoreFrontSimAdmin } {
  const app = new Koa();
  const admin = createLocalAdmin(state);

  app.use(
    logRequests(state.requests, (ctx, record) => ({
      ...record,
      accountId:
        accountIdInPath(ctx.path) ??
        (ctx.state as { token?: { accountId: string } }).token?.accountId,
      userAgent: ctx.get('user-agent') || undefined,
    })),
  );
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof BodyError) {
        ctx.status = error.status;
        ctx.body = { error: error.message };
      } else {
        console.error('storefront-sim: unexpected error', error);
        ctx.status = 500;
        ctx.body = { error: 'Something went wrong' };
      }
    }
  });

  app.use(api(state));
  const oauth = oauthRoutes(state);
  app.use(oauth.routes()).use(oauth.allowedMethods());
  const control = adminRoutes(admin);
  app.use(control.routes()).use(control.allowedMethods());
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = { error: `No route for ${ctx.method} ${ctx.path}` };
  });
  return { app, admin };
}
