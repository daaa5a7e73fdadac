import Koa from 'koa';
import { createLocalAdmin, type StoreFrontSimAdmin } from '../admin.js';
import { accountIdInPath, api } from '../routes/api.routes.js';
import { adminRoutes } from '../routes/admin.routes.js';
import { oauthRoutes } from '../routes/oauth.routes.js';
import { type SimState } from '../state/sim-state.js';
import { BodyError } from './body.js';

/** The simulator's Koa app: OAuth, the `/v1` API and the `/_admin` control API. */
export function createApp(state: SimState): { app: Koa; admin: StoreFrontSimAdmin } {
  const app = new Koa();
  const admin = createLocalAdmin(state);

  app.use(async (ctx, next) => {
    const at = Date.now();
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
    } finally {
      if (!ctx.path.startsWith('/_admin')) {
        const route = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
        state.requests.add({
          method: ctx.method,
          path: ctx.path,
          url: ctx.url,
          route: typeof route === 'string' ? route : ctx.path,
          status: ctx.status,
          accountId:
            accountIdInPath(ctx.path) ??
            (ctx.state as { token?: { accountId: string } }).token?.accountId,
          userAgent: ctx.get('user-agent') || undefined,
          at,
          durationMs: Date.now() - at,
        });
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
