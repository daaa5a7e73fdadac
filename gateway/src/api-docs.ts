import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Context } from 'koa';
import { buildOpenApiDocument, routeTable, type RouteContract } from '@onvelope/contracts';
import { compressedFileCache, type ContentEncoding } from './compressed-files.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** OpenAPI for every call, built once: the contracts do not change while the process runs. */
export const openApiDocument = buildOpenApiDocument();

/**
 * The docs page's only inline style; the CSP allows it by its hash (see `security-headers.ts`).
 * Scoped to the list of routes, which the reference replaces once its script has run.
 */
export const apiDocsStyle =
  'body{margin:0}.routes{font:14px system-ui,sans-serif;margin:2rem}.routes table{border-collapse:collapse}.routes td,.routes th{border:1px solid #ccc;padding:4px 8px;text-align:left}';

/** The reference viewer: Redoc's standalone bundle, from the `redoc` package, when it is installed. */
export interface ApiDocsViewer {
  file: string;
  version: string;
}

function findViewer(): ApiDocsViewer | undefined {
  const require = createRequire(import.meta.url);
  try {
    const { version } = require('redoc/package.json') as { version: string };
    return { file: require.resolve('redoc/bundles/redoc.standalone.js'), version };
  } catch {
    return undefined;
  }
}

export const apiDocsViewer = findViewer();

/**
 * Where the page loads the viewer from: the gateway's own origin (the CSP allows scripts from
 * 'self' only, and the docs must not depend on a CDN), under the docs' own route. The version in
 * the address lets browsers keep the file for a year.
 */
export const apiDocsViewerUrl = (viewer: ApiDocsViewer) =>
  `/api/docs?asset=redoc&v=${encodeURIComponent(viewer.version)}`;

const hashOf = (inline: string) =>
  `'sha256-${createHash('sha256').update(inline, 'utf8').digest('base64')}'`;

/**
 * The reference page's own Content-Security-Policy, stricter than the site's where it can be and
 * open only where Redoc needs it, on this page alone:
 * - styles: Redoc (styled-components) inserts its rules into empty `<style>` elements through the
 *   CSSOM, which CSP does not govern; only the empty element needs allowing, by the hash of ''. No
 *   `'unsafe-inline'`. The one stylesheet Redoc inserts as text (perfect-scrollbar's) stays blocked:
 *   the page uses native scrollbars, so nothing needs it.
 * - workers: Redoc's search index runs in a worker made from a `blob:` URL by its own script, and a
 *   script can only run here from the gateway's origin.
 * - images: the gateway's own and `data:` only (the site allows any https image for product
 *   pictures), so Redoc's footer logo is not fetched from its CDN and visitors are not tracked.
 */
export const apiDocsPagePolicy = [
  `default-src 'self'`,
  `script-src 'self'`,
  `style-src 'self' ${hashOf(apiDocsStyle)} ${hashOf('')}`,
  `img-src 'self' data:`,
  `font-src 'self' data:`,
  `connect-src 'self'`,
  `worker-src blob:`,
  `object-src 'none'`,
  `base-uri 'self'`,
  `form-action 'self'`,
  `frame-ancestors 'none'`,
].join('; ');

/**
 * The reference page: Redoc renders the OpenAPI document at `/api/docs` into `<redoc>`. Until its
 * script has run, or without one, the page is a plain list of every call, readable as it is.
 */
export function apiDocsPage(
  routes: readonly RouteContract[] = routeTable,
  viewer: ApiDocsViewer | undefined = apiDocsViewer,
): string {
  const rows = routes
    .map(
      (route) =>
        `<tr><td>${route.method}</td><td><code>${escapeHtml(route.path)}</code></td>` +
        `<td>${route.service}</td><td>${route.access}</td><td>${escapeHtml(route.summary)}</td></tr>`,
    )
    .join('\n');
  const script = viewer ? `<script src="${escapeHtml(apiDocsViewerUrl(viewer))}"></script>\n` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ONVELOPE API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${apiDocsStyle}</style>
</head><body><redoc spec-url="/api/docs" native-scrollbars><div class="routes"><h1>ONVELOPE API</h1>
<p>Machine-readable: <a href="/api/docs">/api/docs</a> (OpenAPI 3.1).</p>
<table><thead><tr><th>Method</th><th>Path</th><th>Service</th><th>Access</th><th>Summary</th></tr></thead>
<tbody>
${rows}
</tbody></table></div></redoc>
${script}</body></html>
`;
}

const encodings: ContentEncoding[] = ['br', 'gzip'];
const compressed = compressedFileCache();

/** The viewer's script, compressed for browsers that accept it (it is about 1 MB as it is). */
async function sendViewer(ctx: Context, viewer: ApiDocsViewer): Promise<void> {
  const stats = await stat(viewer.file);
  const current = ctx.query.v === viewer.version;
  ctx.set('Cache-Control', current ? 'public, max-age=31536000, immutable' : 'no-cache');
  ctx.type = 'text/javascript; charset=utf-8';
  ctx.vary('Accept-Encoding');
  const encoding = encodings.find((name) => ctx.acceptsEncodings(name, 'identity') === name);
  if (!encoding) {
    ctx.body = createReadStream(viewer.file);
    return;
  }
  ctx.body = await compressed(viewer.file, stats, encoding);
  ctx.set('Content-Encoding', encoding);
}

/**
 * `GET /api/docs`: the OpenAPI document as JSON (the address tools already use), the reference
 * page to `?format=html`, and the page's script to `?asset=redoc`.
 */
export async function serveApiDocs(ctx: Context): Promise<void> {
  if (ctx.query.asset === 'redoc' && apiDocsViewer) {
    await sendViewer(ctx, apiDocsViewer);
    return;
  }
  if (ctx.query.format === 'html') {
    ctx.set('Content-Security-Policy', apiDocsPagePolicy);
    ctx.body = apiDocsPage();
    return;
  }
  ctx.body = openApiDocument;
}
