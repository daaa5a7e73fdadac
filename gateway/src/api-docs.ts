import { buildOpenApiDocument, routeTable, type RouteContract } from '@onvelope/contracts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** OpenAPI for every call, built once: the contracts do not change while the process runs. */
export const openApiDocument = buildOpenApiDocument();

/** The docs page's only inline style; the CSP allows it by its hash (see `security-headers.ts`). */
export const apiDocsStyle =
  'body{font:14px system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}';

/** A plain page listing every call, for people reading the API without an OpenAPI viewer. */
export function apiDocsPage(routes: readonly RouteContract[] = routeTable): string {
  const rows = routes
    .map(
      (route) =>
        `<tr><td>${route.method}</td><td><code>${escapeHtml(route.path)}</code></td>` +
        `<td>${route.service}</td><td>${route.access}</td><td>${escapeHtml(route.summary)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ONVELOPE API</title>
<style>${apiDocsStyle}</style>
</head><body><h1>ONVELOPE API</h1><p>Machine-readable: <a href="/api/docs">/api/docs</a> (OpenAPI 3.1).</p>
<table><thead><tr><th>Method</th><th>Path</th><th>Service</th><th>Access</th><th>Summary</th></tr></thead>
<tbody>
${rows}
</tbody></table></body></html>
`;
}
