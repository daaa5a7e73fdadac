/**
 * The `connect()` options for a NATS URL that may carry `user:password@` (a NATS account's user,
 * as `NATS_URL` or the test infrastructure's account URLs give it). nats.js (`@nats-io/*` 3.x, as
 * `nats` 2.x before it) ignores credentials written in the server URL, so they travel as `user` and
 * `pass`. Its own entry point (`@onvelope/service-kit/nats-connect-options`) lets the test and
 * infrastructure tools use it without loading the kit's index (Koa, mongoose and the rest).
 *
 * @example natsConnectOptions('nats://w1:s%40cret@127.0.0.1:4222')
 * // { servers: 'nats://127.0.0.1:4222', user: 'w1', pass: 's@cret' }
 */
export function natsConnectOptions(url: string): { servers: string; user?: string; pass?: string } {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed?.username) return { servers: url };
  const user = decodeURIComponent(parsed.username);
  const pass = decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  return { servers: parsed.toString(), user, pass };
}
