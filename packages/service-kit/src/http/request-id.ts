import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import { HttpError } from '../errors/errors.js';
import type { Logger } from '../observability/logger.js';
import { CLIENT_CLOSED_REQUEST } from '../observability/metrics.js';
import { currentTrace, type TraceContext } from '../observability/trace-context.js';

export const requestIdHeader = 'x-request-id';

const probePaths = new Set(['/healthz', '/readyz']);
const acceptable = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Aborts when the client closes the request before its answer is written: work waiting on the
 * caller's behalf (a slot, a queue) can give up, since nobody would read what it answers.
 */
export function clientGoneSignal(ctx: Context): AbortSignal {
  const gone = new AbortController();
  ctx.res.once('close', () => {
    if (!ctx.res.writableFinished) {
      gone.abort(new HttpError(CLIENT_CLOSED_REQUEST, 'Client closed the request'));
    }
  });
  return gone.signal;
}

/**
 * The trace ids a request's logger carries itself: those of a trace kept on `ctx.state.trace` only
 * (`traceMiddleware({ asyncContext: false })`). A current trace is added to every line by the
 * logger already (`createLogger`).
 */
function traceBindings(trace: TraceContext | undefined): Partial<TraceContext> {
  if (!trace || currentTrace()) return {};
  return { traceId: trace.traceId, spanId: trace.spanId };
}

/**
 * Keeps the caller's request id (the gateway sets one) or makes one, echoes it in the answer, and
 * puts a child logger carrying it (and the trace, see `traceBindings`) on `ctx.state.log`.
 */
export function requestIdMiddleware(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    const given = ctx.get(requestIdHeader);
    const requestId = acceptable.test(given) ? given : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({
      requestId,
      ...traceBindings(ctx.state.trace as TraceContext | undefined),
    });
    ctx.set(requestIdHeader, requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      // Probes arrive every few seconds from orchestrators; they would drown the real requests.
      const level = probePaths.has(ctx.path) ? 'debug' : 'info';
      // A client that left before the answer got none: not the 404 Koa's default status would say.
      const clientLeft = ctx.res.destroyed && !ctx.res.writableFinished;
      (ctx.state.log as Logger)[level](
        {
          method: ctx.method,
          path: ctx.path,
          status: clientLeft ? CLIENT_CLOSED_REQUEST : ctx.status,
          ms: Math.round(performance.now() - started),
        },
        clientLeft ? 'client closed the request' : 'request',
      );
    }
  };
}
