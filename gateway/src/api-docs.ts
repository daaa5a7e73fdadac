import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Context } from 'koa';
import {
  buildOpenApiDocument,
  routeTable,
  WEBHOOK_EVENT_VERSION,
  webhookEventDescriptions,
  webhookEventJsonSchema,
  webhookEventTypes,
  webhookTestEventType,
  type RouteContract,
} from '@onvelope/contracts';
import { compressedFileCache, type ContentEncoding } from './compressed-files.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The Standard Webhooks headers every delivery carries, as OpenAPI header parameters. */
const webhookHeaders = [
  {
    name: 'webhook-id',
    description:
      'The event’s id: the same on every retry and replay of it, so a receiver that has seen it can answer 2xx and do nothing more.',
    example: 'msg_2b9f0c4e5a6d7e8f9a0b1c2d3e4f5a6b',
  },
  {
    name: 'webhook-timestamp',
    description:
      'When this try was signed, in seconds since 1970 (UTC). Refuse a delivery whose timestamp is more than a few minutes from your clock: it may be replayed.',
    example: '1764331200',
  },
  {
    name: 'webhook-signature',
    description:
      'Space-separated `v1,<base64>` signatures: HMAC-SHA256, keyed with the endpoint’s secret (`whsec_` and base64 of the key), of `<webhook-id>.<webhook-timestamp>.<body>`. For a day after the secret is rolled a second signature, with the previous secret, is sent beside the first. Verify with any Standard Webhooks library (`new Webhook(secret).verify(body, headers)`) before trusting the body.',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
].map(({ name, description, example }) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
}));

const webhookTypes = [...webhookEventTypes, webhookTestEventType] as const;

/** `order.delivery_problem` → `webhookOrderDeliveryProblem` (operation ids are identifiers). */
const webhookOperationId = (type: string) =>
  `webhook${type
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}`;

/**
 * Issue 35's outgoing webhooks as OpenAPI 3.1 `webhooks`: one entry per event type svc-notify
 * sends, its body's JSON Schema from the contracts (as the settings' event catalogue shows it),
 * with the Standard Webhooks headers, and what the endpoint's answer means.
 */
export function webhooksOf(): Record<string, { post: Record<string, unknown> }> {
  return Object.fromEntries(
    webhookTypes.map((type) => {
      const schema = webhookEventJsonSchema(type);
      return [
        type,
        {
          post: {
            operationId: webhookOperationId(type),
            summary: type,
            description: `${webhookEventDescriptions[type]}\n\nSent by ONVELOPE to each of your endpoints that picked \`${type}\`${type === webhookTestEventType ? ' (here: to the one endpoint whose “Send test event” was pressed)' : ''}, as a signed JSON \`POST\` (Standard Webhooks; \`eventVersion\` ${WEBHOOK_EVENT_VERSION}). Answer 2xx within 10 seconds (the default timeout); anything else, a redirect or no answer is tried again with growing waits for about a day, and an endpoint that has failed every delivery for days is disabled.`,
            tags: ['svc-notify'],
            // The receiver is the seller's server: ONVELOPE signs, it presents no credential.
            security: [],
            parameters: webhookHeaders,
            requestBody: {
              required: true,
              content: { 'application/json': { schema } },
            },
            responses: {
              '200': {
                description:
                  'Received (any 2xx will do). The body of the answer is kept, shortened, in the delivery log.',
              },
              '400': {
                description:
                  'Refused (any answer not 2xx, such as a signature that does not verify): tried again later.',
              },
            },
          },
        },
      ];
    }),
  );
}

/**
 * OpenAPI for every call and every webhook, built once: the contracts do not change while the
 * process runs.
 */
export const openApiDocument = { ...buildOpenApiDocument(), webhooks: webhooksOf() };

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
