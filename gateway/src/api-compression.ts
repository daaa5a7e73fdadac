import type { IncomingHttpHeaders } from 'node:http';
import { Readable, type Transform } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import type { Context, Middleware, Next } from 'koa';
import type { ContentEncoding } from './compressed-files.js';

/*
 * Compression of JSON API answers, made on the fly (static files have their own cache, see
 * `compressed-files.ts`). Only JSON: file downloads (CSV exports) and uploads pass through as they
 * are, and Server-Sent Events must never sit in a compressor's buffer.
 */

// Below this the headers outweigh the saving (the same threshold as for static files).
export const minimumCompressedSize = 1024;

const jsonType = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

// Fast settings: an answer is compressed once per request, not once per deploy like a static file.
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const gzipOptions = { level: 6 };

/** The encoding a client accepts, brotli first, or `undefined` for none. */
export function acceptedEncoding(ctx: Context): ContentEncoding | undefined {
  return (['br', 'gzip'] as const).find((name) => ctx.acceptsEncodings(name, 'identity') === name);
}

export function compressor(encoding: ContentEncoding): Transform {
  return encoding === 'br' ? createBrotliCompress(brotliOptions) : createGzip(gzipOptions);
}

/**
 * Whether an upstream answer should be compressed on its way to the client: JSON, not already
 * encoded, with a body (not HEAD, 204 or 304), not marked `no-transform`, and of at least 1 KiB
 * (an answer without a length is a stream, and compressed).
 */
export function shouldCompressAnswer(
  method: string,
  status: number,
  headers: IncomingHttpHeaders,
): boolean {
  if (method === 'HEAD' || status === 204 || status === 304) return false;
  if (headers['content-encoding'] || !jsonType.test(headers['content-type'] ?? '')) return false;
  if (/\bno-transform\b/i.test(headers['cache-control'] ?? '')) return false;
  const length = headers['content-length'];
  return length === undefined || Number(length) >= minimumCompressedSize;
}

const compressBuffer: Record<ContentEncoding, (input: Buffer) => Promise<Buffer>> = {
  br: (input) => promisify(brotliCompress)(input, brotliOptions),
  gzip: (input) => promisify(gzip)(input, gzipOptions),
};

/**
 * Compresses the gateway's own JSON answers of 1 KiB or more (`/api/docs` is the big one). They are
 * already whole in memory; streams (static files, proxied answers) are left alone here.
 */
export function compressOwnJsonAnswers(): Middleware {
  return async (ctx: Context, next: Next) => {
    await next();
    const body: unknown = ctx.body;
    if (ctx.respond === false || body === null || body === undefined) return;
    if (body instanceof Readable || ctx.response.get('Content-Encoding')) return;
    if (!ctx.response.is('json') || ctx.method === 'HEAD') return;
    const json = Buffer.isBuffer(body)
      ? body
      : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    if (json.length < minimumCompressedSize) return;
    ctx.vary('Accept-Encoding');
    const encoding = acceptedEncoding(ctx);
    if (!encoding) return;
    const type = ctx.response.get('Content-Type');
    ctx.body = await compressBuffer[encoding](json);
    ctx.type = type;
    ctx.set('Content-Encoding', encoding);
  };
}
