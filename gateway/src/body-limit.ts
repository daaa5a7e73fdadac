import type { IncomingMessage } from 'node:http';
import type { Context } from 'koa';
import { HttpError } from '@onvelope/service-kit/errors';

function readableSize(bytes: number): string {
  const oneDecimal = (value: number) => Math.round(value * 10) / 10;
  if (bytes >= 1024 * 1024) return `${oneDecimal(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${oneDecimal(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export function bodyTooLarge(limitBytes: number): HttpError {
  return new HttpError(413, 'Request body too large', [
    { message: `The largest accepted request body is ${readableSize(limitBytes)}` },
  ]);
}

/** How long a client still sending a refused body may go on before its connection is cut. */
export const LINGER_MS = 10_000;

/**
 * Reads and drops the rest of a request body that was answered before it was read (a refusal).
 * Closing at once would make the client's next write fail (EPIPE, ECONNRESET) before it reads the
 * answer; read to its end, the connection is clean for the client's next call. A client still
 * sending after `lingerMs` has its connection cut.
 */
export function drainUnreadBody(req: IncomingMessage, lingerMs = LINGER_MS): void {
  if (req.complete) return;
  req.unpipe();
  req.resume();
  const cut = setTimeout(() => req.socket.destroy(), lingerMs);
  cut.unref();
  req.once('close', () => clearTimeout(cut));
}

/**
 * Refuses a request whose declared Content-Length is over the limit before any of it is read.
 * Chunked bodies carry no length; the proxy counts those while streaming.
 */
export function refuseDeclaredOversize(ctx: Context, limitBytes: number): void {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limitBytes) {
    drainUnreadBody(ctx.req);
    throw bodyTooLarge(limitBytes);
  }
}
