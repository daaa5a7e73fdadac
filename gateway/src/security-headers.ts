import { createHash } from 'node:crypto';
import type { Context, Middleware, Next } from 'koa';
import { apiDocsStyle } from './api-docs.js';
import type { RemoteRegistry } from './remote-registry.js';

/** `'sha256-…'` of an inline `<style>` or `<script>` body, for a CSP that names what it allows. */
export const cspHash = (inline: string) =>
  `'sha256-${createHash('sha256').update(inline, 'utf8').digest('base64')}'`;

/**
 * The origins remotes are loaded from, besides the gateway's own: entries of `/remotes.json` that
 * are absolute URLs (a remote deployed to a CDN). Relative entries are same-origin.
 */
export function remoteOrigins(registry: RemoteRegistry): string[] {
  const origins = registry.remotes
    .map(({ entry }) => (URL.canParse(entry) ? new URL(entry) : undefined))
    .filter((url) => url?.protocol === 'https:' || url?.protocol === 'http:')
    .map((url) => url!.origin);
  return [...new Set(origins)];
}

/**
 * The Content-Security-Policy of every answer. The shell's index.html has no inline script or
 * style (rspack injects `<script defer src>`; CSS is extracted to files) and the only inline
 * style the gateway itself serves is the API docs page's, allowed by its hash, so neither
 * `'unsafe-inline'` nor `'unsafe-eval'` is needed. Module Federation loads each remote's manifest
 * (fetch: connect-src), its scripts and its CSS from the remote's origin. The favicon is a `data:`
 * URL. Product pictures come from wherever the seller's store keeps them (Big Cartel's
 * assets.bigcartel.com, Shopify's, Etsy's and Squarespace's CDNs, or any address a CSV file names),
 * so images load from any https origin: a picture cannot run anything, the screens send no referrer
 * with it, and only the seller's own screens show them. Nobody may frame the site (clickjacking), which `X-Frame-Options` repeats for old browsers.
 */
export function contentSecurityPolicy(remotes: readonly string[]): string {
  const from = (...sources: string[]) => [...sources, ...remotes].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${from(`'self'`)}`,
    `style-src ${from(`'self'`, cspHash(apiDocsStyle))}`,
    `img-src ${from(`'self'`, 'data:', 'https:')}`,
    `font-src ${from(`'self'`, 'data:')}`,
    `connect-src ${from(`'self'`)}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

// Browsers keep it a year; subdomains are left out because the gateway cannot know that every
// other host under the operator's domain speaks TLS.
const hsts = 'max-age=31536000';

/**
 * Security headers on every answer (pages, files, API answers, errors): CSP, `nosniff`, no framing,
 * a referrer policy that gives other sites the origin only (public tracking URLs carry order
 * details), and HSTS when the request came over TLS (`ctx.secure`: the socket, or, with
 * `TRUST_PROXY`, the load balancer's `X-Forwarded-Proto: https`).
 */
export function securityHeaders(registry: RemoteRegistry): Middleware {
  const policy = contentSecurityPolicy(remoteOrigins(registry));
  return async (ctx: Context, next: Next) => {
    ctx.set('Content-Security-Policy', policy);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    if (ctx.secure) ctx.set('Strict-Transport-Security', hsts);
    await next();
  };
}
