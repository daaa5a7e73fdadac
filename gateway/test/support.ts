import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningService } from '@onvelope/service-kit/http';
import { startGateway } from '../src/index.js';

export interface StandIn {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** A small real HTTP server standing in for one service. */
export async function startStandIn(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<StandIn> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on, so connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Answers with what it received: method, url, headers and the number of body bytes. */
export function echo(req: IncomingMessage, res: ServerResponse): void {
  let bodyBytes = 0;
  req.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('x-stand-in', 'yes');
    res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, bodyBytes }));
  });
}

export const serviceUrlVariables = [
  'AUTH_SERVICE_URL',
  'ORDERS_SERVICE_URL',
  'SYNC_SERVICE_URL',
  'BILLING_SERVICE_URL',
  'ANALYTICS_SERVICE_URL',
  'NOTIFY_SERVICE_URL',
] as const;

/**
 * Starts a gateway on a free port. Every service points at a refused port unless `env` says otherwise,
 * so a test never reaches a real service that happens to run on this machine.
 */
export async function startTestGateway(env: Record<string, string> = {}): Promise<RunningService> {
  const nowhere = `http://127.0.0.1:${await closedPort()}`;
  const services = Object.fromEntries(serviceUrlVariables.map((name) => [name, nowhere]));
  return startGateway({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SERVE_FRONTENDS: 'false',
    ...services,
    ...env,
  });
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they travelled (fetch would decode them). */
  body: Buffer;
}

/** A request whose answer is read undecoded, with exactly the headers given. */
export function rawRequest(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end();
  });
}
