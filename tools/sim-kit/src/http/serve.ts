import { createServer, type RequestListener } from 'node:http';
import { type AddressInfo } from 'node:net';

export interface Serving {
  /** Where it listens, e.g. `http://127.0.0.1:4010` (no trailing slash). */
  url: string;
  /** Stops listening and drops kept-alive connections. */
  close(): Promise<void>;
}

/**
 * Serves a simulator's app on `port` (0: a free one) and `host`.
 *
 * @example
 * const { url, close } = await serve(app.callback(), options.port, options.host);
 */
export async function serve(
  handler: RequestListener,
  port = 0,
  host = '127.0.0.1',
): Promise<Serving> {
  const server = createServer(handler);
  // Clients keep connections alive; close() must not wait for them.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
