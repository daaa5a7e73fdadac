import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Context } from 'koa';
import { type Metrics } from '@onvelope/service-kit/observability';
import { unauthorized } from '@onvelope/service-kit/errors';
import { isLoopbackAddress, sameSecret } from '@onvelope/service-kit/http';

const gzipped = promisify(gzip);

/**
 * How long one rendering of the metrics is served. Prometheus scrapes every 15 s or more, so a
 * second-old text is fresh, and any number of scrapers cost one rendering a second: four scrapers
 * rendering anew each time cut another route's throughput 50 times (issue 32 §3).
 */
export const METRICS_RENDER_TTL_MS = 1_000;

interface Rendering {
  at: number;
  exposed: Promise<{ contentType: string; text: Buffer }>;
  /** Made on the first scrape that accepts gzip (Prometheus always does), then kept with the text. */
  gzip?: Promise<Buffer>;
}

/**
 * Who may scrape: with `token`, a caller with `Authorization: Bearer <token>`. Without one, nobody
 * in production (an unset token must not mean open), and elsewhere (npm start, tests) only this
 * machine, judged by the connection's own address, never by X-Forwarded-For.
 */
export function metricsAccess(token: string | undefined, production: boolean) {
  return (ctx: Context) => {
    const allowed = token
      ? sameSecret(ctx.get('Authorization'), `Bearer ${token}`)
      : !production && isLoopbackAddress(ctx.req.socket.remoteAddress);
    if (!allowed) throw unauthorized('A metrics token is required');
  };
}

/**
 * `GET /metrics` rendered at most once per `ttlMs`: scrapes that come together share one rendering,
 * and it is sent gzipped to a scraper that accepts it (the text is hundreds of KB).
 */
export function cachedMetricsEndpoint(metrics: Metrics, ttlMs = METRICS_RENDER_TTL_MS) {
  let current: Rendering | undefined;
  const render = (): Rendering => {
    const rendering: Rendering = {
      at: Date.now(),
      exposed: metrics
        .expose()
        .then(({ contentType, body }) => ({ contentType, text: Buffer.from(body) })),
    };
    // A failed rendering is not kept: the next scrape tries again.
    rendering.exposed.catch(() => current === rendering && (current = undefined));
    return rendering;
  };

  return async (ctx: Context) => {
    if (!current || Date.now() - current.at >= ttlMs) current = render();
    const rendering = current;
    const { contentType, text } = await rendering.exposed;
    ctx.set('Cache-Control', 'no-store');
    ctx.vary('Accept-Encoding');
    ctx.type = contentType;
    if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      rendering.gzip ??= gzipped(text);
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = await rendering.gzip;
    } else {
      ctx.body = text;
    }
  };
}
