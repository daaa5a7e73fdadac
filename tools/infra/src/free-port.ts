import { createServer } from 'node:net';

// Ports are chosen below Linux's default ephemeral range (32768-60999), where the kernel picks the
// local ports of outgoing connections: a port found free there can be taken by any client socket
// before its program binds it (in CI a gateway lost its port to a service's connection to NATS or
// the database, which opened while the other apps started).
const lowestPort = 20_000;
const highestPort = 32_767;
const attempts = 100;

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
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const port = lowestPort + Math.floor(Math.random() * (highestPort - lowestPort + 1));
    if (await canListen(port)) return port;
  }
  throw new Error(
    `No free TCP port between ${lowestPort} and ${highestPort} after ${attempts} tries`,
  );
}
