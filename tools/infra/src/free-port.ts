import { createServer } from 'node:net';

// Ports are chosen below Linux's default ephemeral range (32768-60999), where the kernel picks the
// local ports of outgoing connections: a port found free there can be taken by any client socket
// before its program binds it (in CI a gateway lost its port to a service's connection to NATS or
// the database, which opened while the other apps started).
const lowestPort = 20_000;
const highestPort = 32_767;
const attempts = 100;

/**
 * Test workers that run at once each pick from a slice of their own (by `VITEST_POOL_ID`): a port
 * is free when picked but taken only when its program starts, and two workers once picked the same
 * one in that time (compose-start's svc-billing: EADDRINUSE). Vitest runs at most a few at once.
 */
const WORKER_SLICES = 8;

/** The ports this process picks from: its worker's slice under vitest, else the whole range. */
export function portRangeOf(poolId: string | undefined): { lowest: number; highest: number } {
  const pool = Number(poolId);
  if (!Number.isInteger(pool) || pool < 1) return { lowest: lowestPort, highest: highestPort };
  const size = Math.floor((highestPort - lowestPort + 1) / WORKER_SLICES);
  const lowest = lowestPort + ((pool - 1) % WORKER_SLICES) * size;
  return { lowest, highest: lowest + size - 1 };
}

/**
 * Ports handed out lately: one picked for a program that has not started yet looks free, so it is
 * not handed out again until many others have been.
 */
const handedOut = new Set<number>();
const HANDED_OUT_KEPT = 500;

/** Whether a server can listen on `port` of 127.0.0.1 right now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const server = createServer();
    server.unref();
    server.once('error', () => answer(false));
    server.listen(port, '127.0.0.1', () => server.close(() => answer(true)));
  });
}

/**
 * A TCP port on 127.0.0.1 that was free a moment ago, outside the range of outgoing connections'
 * ports. Prefer letting a server bind port 0 and report its port; use this only for programs that
 * cannot.
 *
 * @example const port = await freePort(); // e.g. 27183
 */
export async function freePort(): Promise<number> {
  const { lowest, highest } = portRangeOf(process.env.VITEST_POOL_ID);
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const port = lowest + Math.floor(Math.random() * (highest - lowest + 1));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    if (handedOut.size >= HANDED_OUT_KEPT) handedOut.delete(handedOut.values().next().value!);
    handedOut.add(port);
    return port;
  }
  throw new Error(`No free TCP port between ${lowest} and ${highest} after ${attempts} tries`);
}
