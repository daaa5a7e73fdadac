import { type Context, type Middleware } from 'koa';
import { type RequestLog, type RequestRecord, type RequestFilter } from '../request-log.js';

/**
 * Records every request but the admin API's once it has been answered (put it first, before the
 * error handler, so the status is the one sent). `describe` adds the simulator's own facts.
 *
 * @example
 * app.use(logRequests(state.requests, (ctx, record) => ({ ...record, mode: ctx.state.mode })));
 */
export function logRequests<R extends RequestRecord, F extends RequestFilter>(
  log: RequestLog<R, F>,
  describe: (ctx: Context, record: RequestRecord) => R,
): Middleware {
  return async (ctx, next) => {
    const at = Date.now();
    try {
      await next();
    } finally {
      if (!ctx.path.startsWith('/_admin')) {
        const route = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
        log.add(
          describe(ctx, {
            method: ctx.method,
            path: ctx.path,
            url: ctx.url,
            route: typeof route === 'string' ? route : ctx.path,
            status: ctx.status,
            at,
            durationMs: Date.now() - at,
          }),
        );
      }
    }
  };
}
