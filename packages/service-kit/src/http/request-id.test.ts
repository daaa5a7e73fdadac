import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../observability/logger.js';
import { requestIdMiddleware } from './request-id.js';
import { traceMiddleware } from '../observability/trace-context.js';

const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';

/** An app with the trace and request-id middleware; answers with the lines its logger wrote. */
async function serve(asyncContext: boolean): Promise<{ server: Server; lines: string[] }> {
  const lines: string[] = [];
  const logger = createLogger(
    'probe',
    'info',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
  const app = new Koa();
  app.use(traceMiddleware({ asyncContext }));
  app.use(requestIdMiddleware(logger));
  app.use((ctx) => {
    ctx.body = 'ok';
  });
  const server = createServer(app.callback()).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, lines };
}

describe('a request’s log lines', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  for (const asyncContext of [true, false]) {
    it(`carry the caller’s trace once, ${asyncContext ? 'from the current trace' : 'from ctx alone'}`, async () => {
      const served = await serve(asyncContext);
      server = served.server;
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/probe`, {
        headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, 'x-request-id': 'req-1' },
      });
      expect(answer.status).toBe(200);
      await expect.poll(() => served.lines.length).toBe(1);
      const line = served.lines[0]!;
      expect(line.match(/"traceId"/g)).toHaveLength(1);
      expect(JSON.parse(line)).toMatchObject({
        msg: 'request',
        requestId: 'req-1',
        traceId,
        spanId: expect.stringMatching(/^[0-9a-f]{16}$/) as unknown,
        path: '/probe',
      });
    });
  }
});
