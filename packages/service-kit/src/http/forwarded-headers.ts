import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Next } from 'koa';

/** The header with which the gateway proves a call is its own (issue 32 §11). */
export const gatewaySecretHeader = 'x-gateway-secret';

const forwardedHeaders = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'];

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares two secrets in constant time, whatever their lengths. */
export const sameSecret = (given: string, expected: string): boolean =>
  timingSafeEqual(digest(given), digest(expected));

/** Whether a connection's peer address is this machine's loopback (IPv4, IPv6 or mapped). */
export const isLoopbackAddress = (address: string | undefined): boolean =>
  !!address &&
  (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

/**
 * Koa believes X-Forwarded-For, -Proto and -Host (`proxy: true`), and the services key their
 * per-address limits on `ctx.ip`. This keeps those headers only on the gateway's calls and removes
 * them from any other before Koa reads them, so a caller that reaches a service directly is seen as
 * its own address. A gateway's call is one carrying `secret` in `X-Gateway-Secret` (compose and
 * Kubernetes, where the gateway is another machine); with no secret (local runs and tests, never
 * production) one from the loopback. The secret header itself goes no further than this.
 */
export function gatewayForwardedHeadersOnly(secret: string | undefined) {
  return async (ctx: Context, next: Next) => {
    const headers = ctx.req.headers;
    const given = headers[gatewaySecretHeader];
    delete headers[gatewaySecretHeader];
    const fromGateway = secret
      ? typeof given === 'string' && sameSecret(given, secret)
      : isLoopbackAddress(ctx.req.socket.remoteAddress);
    if (!fromGateway) for (const name of forwardedHeaders) delete headers[name];
    await next();
  };
}
