import type { Context } from 'koa';
import { HttpError } from './errors.js';

/**
 * The body exactly as sent, for webhooks whose signature covers its bytes (parsing first would
 * change them). More than `maxBytes` is refused with 413 as soon as it is passed.
 *
 * @example
 * const rawBody = await readRawBody(ctx, 512 * 1024);
 */
export async function readRawBody(ctx: Context, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new HttpError(413, 'Request body is too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
