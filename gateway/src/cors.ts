import cors from '@koa/cors';
import type { Context, Middleware, Next } from 'koa';
import { HttpError } from '@onvelope/service-kit/errors';
import { requestIdHeader } from '@onvelope/service-kit/http';

/**
 * CORS for the configured origins. Other origins get no CORS headers (their browsers then refuse the
 * answer), and their preflights are refused here so they never reach a service.
 */
export function corsForOrigins(origins: readonly string[]): Middleware {
  const allowed = new Set(origins);
  const applyCors = cors({
    origin: (ctx: Context) => (allowed.has(ctx.get('Origin')) ? ctx.get('Origin') : ''),
    exposeHeaders: [requestIdHeader, 'Retry-After'],
    maxAge: 600,
  });
  return async (ctx: Context, next: Next) => {
    const origin = ctx.get('Origin');
    const isPreflight =
      ctx.method === 'OPTIONS' && Boolean(ctx.get('Access-Control-Request-Method'));
    if (isPreflight && origin && !allowed.has(origin)) {
      ctx.vary('Origin');
      throw new HttpError(403, 'Origin not allowed', [
        { message: `${origin} may not call this API` },
      ]);
    }
    await applyCors(ctx, next);
  };
}
