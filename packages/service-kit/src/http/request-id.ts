import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from '../observability/logger.js';
import { currentTrace, type TraceContext } from '../observability/trace-context.js';

export const requestIdHeader = 'x-request-id';

const probePaths = new Set(['/healthz', '/readyz']);
const acceptable = /^[A-Za-z0-9._:-]{1,128}$/;
/** nginx's status for a request the client closed before any answer; logs only, never sent. */
const CLIENT_CLOSED_REQUEST = 499;

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
