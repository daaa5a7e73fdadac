import easyPostModule from '@easypost/api';
import { requestJson, type JsonAnswer } from '@onvelope/sim-kit';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type EventJson, type TrackingSim } from '../src/index.js';

// The SDK's types describe a CommonJS module (an `export default` in .d.ts files under a package
// without "type": "module"), so under NodeNext TypeScript types the default import as the module
// object; Node loads the ESM build (`import` condition), whose default export is the client class.
// Take whichever is the class, typed as the class.
export const EasyPostClient = ((easyPostModule as { default?: unknown }).default ??
  easyPostModule) as typeof easyPostModule.default;
export type EasyPostClient = InstanceType<typeof EasyPostClient>;

export const testKey = 'EZTK_tests_key';
export const productionKey = 'EZAK_tests_key';

/**
 * The official SDK pointed at the simulator, as the product's services use it. The SDK (8.x) keeps
 * its `timeout` option but never applies it, so a timeout goes on each superagent request.
 */
export function easyPost(sim: TrackingSim, key = testKey, timeoutMs?: number): EasyPostClient {
  return new EasyPostClient(key, {
    baseUrl: sim.apiUrl,
    ...(timeoutMs
      ? {
          requestMiddleware: (request: { timeout(ms: number): unknown }) =>
            request.timeout(timeoutMs),
        }
      : {}),
  });
}

export interface ReceivedWebhook {
  /** The raw body, byte for byte as it arrived. */
  body: Buffer;
  headers: IncomingHttpHeaders;
  event: EventJson;
  at: number;
}

export interface Receiver {
  url: string;
  received: ReceivedWebhook[];
  /** Status to answer the nth request (0-based); 200 by default. */
  answer: (index: number) => number;
  close(): Promise<void>;
}

/** An HTTP endpoint standing in for the product's webhook route: it keeps every request. */
export async function startReceiver(): Promise<Receiver> {
  let count = 0;
  const receiver: Receiver = {
    url: '',
    received: [],
    answer: () => 200,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = receiver.answer(count);
      count += 1;
      const body = Buffer.concat(chunks);
      if (status >= 200 && status < 300) {
        receiver.received.push({
          body,
          headers: request.headers,
          event: JSON.parse(body.toString('utf8')) as EventJson,
          at: Date.now(),
        });
      }
      response.statusCode = status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/easypost`;
  return receiver;
}

/** Retries `check` until it stops throwing (or the time is up, then throws its last error). */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** A raw call to the simulated API, for what the SDK hides (headers, exact bodies). */
export function call(
  sim: TrackingSim,
  path: string,
  init: { method?: string; body?: unknown; key?: string | null } = {},
): Promise<JsonAnswer> {
  const key = init.key === undefined ? testKey : init.key;
  return requestJson(`${sim.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(key === null
        ? {}
        : { Authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` }),
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: init.body,
  });
}

/** Events of one tracking code, in the order they arrived. */
export function eventsFor(receiver: Receiver, trackingCode: string): EventJson[] {
  return receiver.received
    .map((webhook) => webhook.event)
    .filter((event) => event.result?.tracking_code === trackingCode);
}
