import { Agent } from 'node:http';

/**
 * How long a connection to a service may sit idle in the gateway's pool. A service closes an idle
 * connection after `KEEP_ALIVE_TIMEOUT_MS` (service-kit's http-server.ts, 5 s); a call sent on a
 * connection just as the service closes it fails with a reset (issue 32 §10). The gateway gives
 * connections up first, with seconds to spare for a busy event loop on either side
 * (`upstream-agent.test.ts` keeps it under half the service's). A service that closes for another
 * reason (a restart, a drain) can still meet a call: `proxy.ts` sends that call again if it may.
 */
export const UPSTREAM_IDLE_SOCKET_MS = 2_000;

/**
 * Keep-alive to the services saves a TCP handshake per call. `timeout` is the idle timeout of a
 * pooled connection only: each call sets its own (`UPSTREAM_TIMEOUT_MS`) while it runs.
 */
export const createUpstreamAgent = () =>
  new Agent({ keepAlive: true, timeout: UPSTREAM_IDLE_SOCKET_MS });
