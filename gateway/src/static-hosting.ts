import type { Stats } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { basename, join } from 'node:path';
import type { Context, Middleware, Next } from 'koa';
import { send } from '@koa/send';
import { HttpError, notFound } from '@onvelope/service-kit/errors';
import { compressedFileCache, isCompressible, type ContentEncoding } from './compressed-files.js';

export interface FrontendDirs {
  shell: string;
  /** Keyed by the segment after `/mf/`. */
  remotes: Record<string, string>;
}

/** Where `npm run build` leaves each frontend, below the static root. */
export function frontendDirs(staticRoot: string): FrontendDirs {
  return {
    shell: join(staticRoot, 'shell', 'dist'),
    remotes: {
      marketing: join(staticRoot, 'mf-marketing', 'dist'),
      customer: join(staticRoot, 'mf-customer', 'dist'),
      merchant: join(staticRoot, 'mf-merchant', 'dist'),
    },
  };
}

// rspack names emitted chunks `[name].[contenthash].js`; such a file never changes under its name.
const hashedName = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
const alwaysRevalidated = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js']);

export function cacheControlFor(filePath: string): string {
  const name = basename(filePath);
  if (!alwaysRevalidated.has(name) && hashedName.test(name))
    return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

type CompressedFiles = ReturnType<typeof compressedFileCache>;
const contentEncodings: ContentEncoding[] = ['br', 'gzip'];

/**
 * Serves one file below `root`, or throws 404 JSON; answers 304 when the browser's copy is current,
 * and sends text files brotli- or gzip-compressed to browsers that accept it.
 */
async function sendFile(
  ctx: Context,
  path: string,
  root: string,
  compressed: CompressedFiles,
): Promise<void> {
  let served: string | undefined;
  let stats: Stats | undefined;
  const setHeaders = (res: ServerResponse, filePath: string, fileStats: Stats) => {
    res.setHeader('Cache-Control', cacheControlFor(filePath));
    stats = fileStats;
  };
  try {
    // @koa/send's own br/gzip look for precompressed copies beside each file; the build makes none.
    served = await send(ctx, path, {
      root,
      index: 'index.html',
      setHeaders,
      brotli: false,
      gzip: false,
    });
  } catch (error) {
    const status = (error as { status?: number }).status;
    // @koa/send answers 400/403 for undecodable or escaping paths: no such file, as far as callers know.
    if (status === 404 || status === 403 || status === 400) throw notFound('Not found');
    throw error;
  }
  if (!served || !stats) throw notFound('Not found');
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  if (!isCompressible(served, stats.size)) return;
  ctx.vary('Accept-Encoding');
  // Brotli whenever it is accepted at all: browsers list it after gzip, at the same weight.
  const encoding = contentEncodings.find((name) => ctx.acceptsEncodings(name, 'identity') === name);
  if (!encoding) return;
  ctx.body = await compressed(served, stats, encoding);
  ctx.set('Content-Encoding', encoding);
}

const isNotFound = (error: unknown) => error instanceof HttpError && error.status === 404;

/** The shell's own routes are client-side: a page load of any of them gets the shell's index.html. */
function wantsShellPage(ctx: Context): boolean {
  return ctx.get('Accept').includes('text/html') && !/^\/(api|auth|mf)(\/|$)/.test(ctx.path);
}

/**
 * Serves the built shell at `/` (with the SPA fallback) and each remote at `/mf/<name>/` (files
 * only: a missing remote file is a 404, never the shell's page).
 */
export function staticHosting(dirs: FrontendDirs): Middleware {
  const compressed = compressedFileCache();
  return async (ctx: Context, next: Next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();

    if (ctx.path === '/mf' || ctx.path.startsWith('/mf/')) {
      const [, remote, rest] = /^\/mf\/([^/]+)(\/.*)$/.exec(ctx.path) ?? [];
      const root = remote && Object.hasOwn(dirs.remotes, remote) ? dirs.remotes[remote] : undefined;
      if (!root || !rest) throw notFound('Not found');
      await sendFile(ctx, rest, root, compressed);
      return;
    }

    try {
      await sendFile(ctx, ctx.path, dirs.shell, compressed);
    } catch (error) {
      if (!isNotFound(error) || !wantsShellPage(ctx)) throw error;
      await sendFile(ctx, '/index.html', dirs.shell, compressed);
    }
  };
}
