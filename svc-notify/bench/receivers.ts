/**
 * The benchmark's endpoints (`webhooks.bench.ts` forks this): N HTTP servers on 127.0.0.1 that
 * verify each delivery with the `standardwebhooks` library, as a seller's receiver would, and count
 * the distinct (endpoint, webhook-id) pairs. Told each endpoint's secret by the parent; answers a
 * report whenever asked.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceiverReport {
  total: number;
  unique: number;
  badSignatures: number;
}

const endpoints = Number(process.argv[2] ?? 3);
const seen = new Set<string>();
const verifiers = new Map<number, Webhook>();
let total = 0;
let badSignatures = 0;

const ports = await Promise.all(
  Array.from({ length: endpoints }, async () => {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const { port } = server.address() as AddressInfo;
        const id = String(request.headers['webhook-id']);
        total += 1;
        seen.add(`${port}:${id}`);
        try {
          verifiers.get(port)?.verify(Buffer.concat(chunks).toString('utf8'), {
            'webhook-id': id,
            'webhook-timestamp': String(request.headers['webhook-timestamp']),
            'webhook-signature': String(request.headers['webhook-signature']),
          });
        } catch {
          badSignatures += 1;
        }
        response.writeHead(204).end();
      });
    });
    server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }),
);

process.on('message', (message: 'report' | { port: number; secret: string }) => {
  if (message === 'report') {
    process.send?.({ total, unique: seen.size, badSignatures } satisfies ReceiverReport);
  } else {
    verifiers.set(message.port, new Webhook(message.secret));
  }
});
process.send?.({ ports });
