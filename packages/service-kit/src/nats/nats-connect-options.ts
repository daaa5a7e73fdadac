/**
 * The `connect()` options for a NATS URL that may carry `user:password@` (a NATS account's user,
 * as `NATS_URL` or the test infrastructure's account URLs give it), or several seed URLs separated
 * by commas (the nodes of a cluster: the client starts with whichever answers, and fails over to
 * the others). nats.js (`@nats-io/*` 3.x, as `nats` 2.x before it) ignores credentials written in
 * a server URL and takes no comma list, so the credentials travel as `user` and `pass` and the list
 * as an array. Its own entry point (`@onvelope/service-kit/nats-connect-options`) lets the test and
 * infrastructure tools use it without loading the rest of the kit (`/nats` loads pino, prom-client
 * and the error and trace modules as well).
 *
 * @example natsConnectOptions('nats://w1:s%40cret@127.0.0.1:4222')
 * // { servers: 'nats://127.0.0.1:4222', user: 'w1', pass: 's@cret' }
 * @example natsConnectOptions('nats://127.0.0.1:4222,nats://127.0.0.1:4223')
 * // { servers: ['nats://127.0.0.1:4222', 'nats://127.0.0.1:4223'] }
 */
export function natsConnectOptions(url: string): {
  servers: string | string[];
  user?: string;
  pass?: string;
} {
  const seeds = url
    .split(',')
    .map((seed) => seed.trim())
    .filter((seed) => seed !== '');
  let credentials: { user: string; pass: string } | undefined;
  const servers = seeds.map((seed) => {
    const parsed = URL.canParse(seed) ? new URL(seed) : undefined;
    if (!parsed?.username) return seed;
    credentials ??= {
      user: decodeURIComponent(parsed.username),
      pass: decodeURIComponent(parsed.password),
    };
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  });
  return { servers: servers.length === 1 ? servers[0]! : servers, ...credentials };
}
