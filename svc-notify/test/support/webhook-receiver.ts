import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the receiver answers a request with. */
export interface ReceiverAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Answer this much later (a slow endpoint). */
  delayMs?: number;
}

/**
 * A seller's endpoint on 127.0.0.1: records what it is sent and answers as the test says
 * (200 unless told otherwise). Tests never send a webhook anywhere but here.
 */
export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  received: ReceivedWebhook[];
  answerWith(answer: (request: ReceivedWebhook, index: number) => ReceiverAnswer): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let answer: (request: ReceivedWebhook, index: number) => ReceiverAnswer = () => ({
    status: 200,
    body: 'ok',
  });
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const webhook = {
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(webhook);
      const { status, body = '', headers = {}, delayMs = 0 } = answer(webhook, received.length - 1);
      setTimeout(() => {
        response.writeHead(status, { 'content-type': 'text/plain', ...headers });
        response.end(body);
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    received,
    answerWith(next) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
