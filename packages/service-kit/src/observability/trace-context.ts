import { AsyncLocalStorage } from 'node:async_hooks';
import { randomFillSync } from 'node:crypto';
import type { Context, Next } from 'koa';
import { activeSpanTrace, telemetryOn } from './telemetry-switch.js';

/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/), done by hand: the `traceparent` header
 * is four dash-separated hex fields, `version-traceId-parentId-flags`, and that is all a log line
 * needs to be joined with the lines of every other app that served the same call. With OpenTelemetry
 * on (`startTelemetry`), the span in progress is the current trace: the SDK makes the spans, reads
 * and writes the same header, and this module only reads its ids, so log lines and exported spans
 * share one trace id.
 */
export interface TraceContext {
  /** 32 lowercase hex digits, never all zeros; the same across every hop of one call. */
  traceId: string;
  /** 16 lowercase hex digits, never all zeros: this hop's span. */
  spanId: string;
  /** 2 hex digits; `01` means sampled. */
  flags: string;
}

export const traceparentHeader = 'traceparent';

const traceparentPattern = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const allZeros = /^0+$/;

/**
 * Reads a `traceparent` header, or `undefined` when it is missing or invalid (the spec says to then
 * start a new trace). Version `00` must be exactly four fields; a later version may append fields,
 * which are ignored, as the spec asks of a version-00 reader.
 *
 * @example parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')
 * // { traceId: '4bf9…4736', spanId: '00f0…02b7', flags: '01' }
 */
export function parseTraceparent(header: string | undefined | null): TraceContext | undefined {
  if (!header) return undefined;
  const match = traceparentPattern.exec(header.trim());
  if (!match) return undefined;
  const [, version, traceId, spanId, flags, rest] = match;
  if (!version || !traceId || !spanId || !flags) return undefined;
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (allZeros.test(traceId) || allZeros.test(spanId)) return undefined;
  return { traceId, spanId, flags };
}

/** The `traceparent` header value of a context (always version `00`). */
export function formatTraceparent(trace: TraceContext): string {
  return `00-${trace.traceId}-${trace.spanId}-${trace.flags}`;
}

// Ids are cut from a pool refilled 4 KiB at a time: one `randomBytes` per id cost the gateway
// 4% of its time per call (three ids each).
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

const randomHex = (bytes: number): string => {
  if (poolOffset + bytes > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += bytes;
  return pool.toString('hex', poolOffset - bytes, poolOffset);
};

const nonZeroHex = (bytes: number): string => {
  for (;;) {
    const hex = randomHex(bytes);
    if (!allZeros.test(hex)) return hex;
  }
};

/** A new trace, for a call that arrived without one (sampled: its logs are kept). */
export function startTrace(): TraceContext {
  return { traceId: nonZeroHex(16), spanId: nonZeroHex(8), flags: '01' };
}

/** The span of the next hop in the same trace: same trace id and flags, a new span id. */
export function childSpan(parent: TraceContext): TraceContext {
  return { traceId: parent.traceId, spanId: nonZeroHex(8), flags: parent.flags };
}

/** Continues the trace a header names, or starts one when there is none (or it is invalid). */
export function continueTrace(header: string | undefined | null): TraceContext {
  const parent = parseTraceparent(header);
  return parent ? childSpan(parent) : startTrace();
}

const traceStorage = new AsyncLocalStorage<TraceContext>();

/**
 * The trace of the work in progress: the HTTP request, event or command being handled. Logs carry
 * its ids (see `createLogger`) and outgoing NATS messages carry it on (see `nats/nats.ts`).
 */
export function currentTrace(): TraceContext | undefined {
  return activeSpanTrace() ?? traceStorage.getStore();
}

/** Runs `work` with `trace` as the current trace (for everything it awaits too). */
export function runInTrace<T>(trace: TraceContext, work: () => T): T {
  return traceStorage.run(trace, work);
}

/**
 * The `traceparent` to send on an outgoing call or message made now: a child span of the current
 * trace (or of `trace` when given), or `undefined` outside any trace. With OpenTelemetry on, the
 * span in progress itself: the receiver's span is a child of one that is exported, not of an id
 * made up here.
 */
export function outgoingTraceparent(trace = currentTrace()): string | undefined {
  if (!trace) return undefined;
  return formatTraceparent(telemetryOn() ? trace : childSpan(trace));
}

export interface TraceMiddlewareOptions {
  /**
   * Whether the trace becomes the current trace (`currentTrace()`) for everything the request
   * awaits, which log lines and published messages pick up. Off, the trace is only on
   * `ctx.state.trace` and on the request's logger (`requestIdMiddleware`): for a process whose
   * work for a request all goes through `ctx`, the gateway, since on Node 20 AsyncLocalStorage
   * hooks every promise: the gateway's throughput rose from 0.49 to 0.52 of direct without it.
   */
  asyncContext?: boolean;
}

/**
 * Koa middleware: continues the caller's `traceparent` (the gateway sends one) or starts a trace,
 * puts it on `ctx.state.trace` and, unless told otherwise, makes it the current trace for the rest
 * of the request.
 */
export function traceMiddleware({ asyncContext = true }: TraceMiddlewareOptions = {}) {
  return async (ctx: Context, next: Next) => {
    // With OpenTelemetry on, the HTTP instrumentation already continued the caller's traceparent.
    const trace = activeSpanTrace() ?? continueTrace(ctx.get(traceparentHeader));
    ctx.state.trace = trace;
    if (asyncContext) await runInTrace(trace, next);
    else await next();
  };
}
