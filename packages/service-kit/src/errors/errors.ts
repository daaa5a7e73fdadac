import type { Context, Next } from 'koa';
import { ZodError } from 'zod';
import type { ErrorResponse } from '@onvelope/contracts';
import type { Logger } from '../observability/logger.js';

type Detail = NonNullable<ErrorResponse['details']>[number];

/** An error meant for the caller: its status and message are sent as they are. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Detail[],
    /** Fields the answer carries beside `error` and `details` (a 402's `reason`). */
    readonly extra?: Pick<ErrorResponse, 'reason'>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** Sent as `Retry-After` (seconds): when a refused caller may try again. */
  retryAfterSeconds?: number;
}

/** 429 with the wait in seconds, which the answer also carries as `Retry-After`. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  Object.assign(new HttpError(429, message), {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)),
  });

/** The words of a 503 while the database cannot be reached; the service recovers by itself. */
export const databaseUnavailableMessage =
  'The service is temporarily unavailable. Please try again in a moment.';
const DATABASE_RETRY_SECONDS = 5;

// What the MongoDB driver and mongoose throw while no server can be reached (an outage longer
// than the driver's server selection timeout, a dropped connection, commands buffered too long).
const databaseUnavailableErrors = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
]);

// Socket errors the MongoDB driver (6.x) lets through unwrapped: a command written to a connection
// the server side has just closed fails with Node's own EPIPE ("This socket has been ended by the
// other party"). Nothing else in a service writes to a socket below a request handler.
const droppedConnectionCodes = new Set(['EPIPE', 'ECONNRESET']);

/** Whether an error says the database cannot be reached now (as opposed to a bad query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { name, message, code } = (error ?? {}) as {
    name?: unknown;
    message?: unknown;
    code?: unknown;
  };
  return (
    (typeof name === 'string' && databaseUnavailableErrors.has(name)) ||
    (name === 'MongooseError' &&
      typeof message === 'string' &&
      /buffering timed out/.test(message)) ||
    (typeof code === 'string' && droppedConnectionCodes.has(code))
  );
}

export const badRequest = (message: string, details?: Detail[]) =>
  new HttpError(400, message, details);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

export function zodDetails(error: ZodError): Detail[] {
  return error.issues.map((issue) => ({
    message: issue.message,
    ...(issue.path.length ? { path: issue.path.join('.') } : {}),
  }));
}

/** Errors raised by Koa middleware (body parsers) that carry a client status. */
function isClientError(
  error: unknown,
): error is { status: number; message: string; expose?: boolean } {
  const candidate = error as { status?: unknown; expose?: unknown };
  return (
    typeof candidate?.status === 'number' &&
    candidate.status >= 400 &&
    candidate.status < 500 &&
    candidate.expose === true
  );
}

/** Turns anything thrown below into `{ error, details }` with the right status; never a stack trace. */
export function errorMiddleware(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (error) {
      const body = toErrorResponse(error);
      ctx.status = body.status;
      ctx.body = body.response;
      if (body.retryAfterSeconds) ctx.set('Retry-After', String(body.retryAfterSeconds));
      // Refused before its body was read to the end: the rest is read and dropped, so the answer
      // reaches the caller whole. Closing instead resets a connection the caller is still writing
      // to, and the answer can be lost with it (the gateway answered 502 for a refused 10 MB row
      // in one run of three); the gateway never reuses a connection answered early.
      if (!ctx.req.complete) ctx.req.resume();
      if (body.status >= 500) {
        ((ctx.state.log as Logger | undefined) ?? logger).error({ err: error }, 'request failed');
      }
    }
  };
}

export function toErrorResponse(error: unknown): {
  status: number;
  response: ErrorResponse;
  retryAfterSeconds?: number;
} {
  if (error instanceof HttpError) {
    return {
      status: error.status,
      response: {
        error: error.message,
        ...(error.details ? { details: error.details } : {}),
        ...error.extra,
      },
      ...(error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      response: { error: databaseUnavailableMessage },
      retryAfterSeconds: DATABASE_RETRY_SECONDS,
    };
  }
  if (error instanceof ZodError) {
    return { status: 400, response: { error: 'Validation failed', details: zodDetails(error) } };
  }
  if (isClientError(error)) {
    return { status: error.status, response: { error: error.message } };
  }
  return { status: 500, response: { error: 'Internal server error' } };
}
