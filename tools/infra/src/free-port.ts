import { createServer } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that was free a moment ago. Prefer letting a server bind port 0 and
 * report its port; use this only for programs that cannot.
 *
 * @example const port = await freePort(); // e.g. 41873
 */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, rejectPort) => {
    const server = createServer();
    server.unref();
    server.once('error', rejectPort);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        rejectPort(new Error('could not read the bound port'));
        return;
      }
      server.close(() => resolvePort(address.port));
    });
  });
}
