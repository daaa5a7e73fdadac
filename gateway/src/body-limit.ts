import type { Context } from 'koa';
import { HttpError } from '@onvelope/service-kit';

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

/**
 * Refuses a request whose declared Content-Length is over the limit before any of it is read.
 * Chunked bodies carry no length; the proxy counts those while streaming.
 */
export function refuseDeclaredOversize(ctx: Context, limitBytes: number): void {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limitBytes) {
    // The unread body would otherwise hold the connection; close it after the answer.
    ctx.set('Connection', 'close');
    throw bodyTooLarge(limitBytes);
  }
}
