import type { Context } from 'koa';
import { HttpError } from '../errors/errors.js';

const tooLarge = () => new HttpError(413, 'Request body is too large');

/**
 * The body exactly as sent, for webhooks whose signature covers its bytes (parsing first would
 * change them). More than `maxBytes` is refused with 413 at once; the rest of the body is still
 * read and dropped, so the connection stays clean for the caller's next call (a stream left
 * half-read would hold the next call on the connection for good).
 *
 * @example
 * const rawBody = await readRawBody(ctx, 512 * 1024);
 */
export function readRawBody(ctx: Context, maxBytes: number): Promise<Buffer> {
  const request = ctx.req;
  if (Number(request.headers['content-length'] ?? 0) > maxBytes) return Promise.reject(tooLarge());
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    request.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      refused = true;
      chunks.length = 0;
      reject(tooLarge());
    });
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
  });
}
