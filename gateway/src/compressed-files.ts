import type { Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

// Text formats of the built frontends; images and fonts are compressed already.
const compressibleExtensions = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.txt',
  '.map',
]);
// Below this the headers outweigh the saving.
const minimumSize = 1024;

/** Whether a static file is worth sending compressed. */
export function isCompressible(filePath: string, size: number): boolean {
  return size >= minimumSize && compressibleExtensions.has(extname(filePath));
}

const encoders: Record<ContentEncoding, (input: Buffer) => Promise<Buffer>> = {
  // Quality 9: within a few per cent of the maximum (11) at a tenth of its time (about 50 ms for
  // react-dom), so the first visitor after a deploy does not wait for it.
  br: (input) =>
    promisify(brotliCompress)(input, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (input) => promisify(gzip)(input, { level: 9 }),
};

/**
 * Compressed copies of the static files, made on first request and kept in memory for as long as
 * the file on disk is unchanged (same modification time and size). The built frontends are a
 * bounded set of files, and their hashed names never change content, so each is compressed once.
 */
export function compressedFileCache(): (
  filePath: string,
  stats: Stats,
  encoding: ContentEncoding,
) => Promise<Buffer> {
  const cache = new Map<string, { version: string; body: Promise<Buffer> }>();
  return (filePath, stats, encoding) => {
    const key = `${encoding}:${filePath}`;
    const version = `${stats.mtimeMs}:${stats.size}`;
    const cached = cache.get(key);
    if (cached?.version === version) return cached.body;
    const body = readFile(filePath).then(encoders[encoding]);
    // A failure is not kept: the next request tries again.
    body.catch(() => cache.delete(key));
    cache.set(key, { version, body });
    return body;
  };
}
