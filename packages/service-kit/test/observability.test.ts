import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCommand, defineEvent, defineRoute, defineStream } from '@onvelope/contracts';
import { startService } from '@onvelope/testkit';
import { serviceConfigSchema, type Env } from '../src/config/index.js';
import { createLogger, currentTrace, type TraceContext } from '../src/observability/index.js';
import {
  consumeEvents,
  publishEvent,
  requestCommand,
  serveCommand,
  type EventConsumer,
} from '../src/nats/index.js';
import { createService } from '../src/http/index.js';
import { startJwksServer } from './helpers.js';

const id = randomBytes(4).toString('hex');
const stream = defineStream({ name: `OBS_${id}`, subjects: [`obs${id}.>`] });
const noted = defineEvent({
  subject: `obs${id}.note.added`,
  stream,
  payload: z.object({ note: z.string() }),
});
const shout = defineCommand({
  subject: `obscmd${id}.shout`,
  request: z.object({ text: z.string() }),
  response: z.object({ text: z.string() }),
});
const addNote = defineRoute({
  method: 'POST',
  path: '/api/test/notes/{note}',
  service: 'svc-orders',
  access: 'public',
  source: 'implied',
  summary: 'publishes a note and asks for it shouted',
  schemas: { params: z.object({ note: z.string() }) },
});

/** Log lines written by the consumer, parsed. */
const consumerLines: Record<string, unknown>[] = [];
const consumerLog = createLogger(
  'consumer',
  'info',
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      consumerLines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  }),
);
const tracesInCommand: (TraceContext | undefined)[] = [];

const startObservedService = (env: Env) =>
  createService({
    name: 'svc-orders',
    env,
    configSchema: serviceConfigSchema({ port: 0, database: 'kit_obs' }, {}),
    setup: async ({ routes, nats, log }) => {
      routes.handle(addNote, async (_ctx, { params }) => {
        await publishEvent(nats, noted, { note: params.note }, `note-${params.note}`);
        return requestCommand(nats, shout, { text: params.note });
      });
      const commands = serveCommand(
        nats,
        shout,
        `obs-${id}`,
        async ({ text }) => {
          tracesInCommand.push(currentTrace());
          return { text: text.toUpperCase() };
        },
        log,
      );
      const consumer: EventConsumer = await consumeEvents(
        nats,
        noted,
        `obs-consumer-${id}`,
        async ({ payload }) => consumerLog.info({ note: payload.note }, 'note consumed'),
        log,
      );
      return {
        stop: async () => {
          commands.unsubscribe();
          await consumer.stop();
        },
      };
    },
  });

const waitFor = async (condition: () => boolean, ms = 5_000) => {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('metrics and trace context of a service', () => {
  let jwks: Awaited<ReturnType<typeof startJwksServer>>;
  let service: Awaited<ReturnType<typeof startService>>;
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const traceparent = `00-${traceId}-00f067aa0ba902b7-01`;

  beforeAll(async () => {
    jwks = await startJwksServer();
    service = await startService(startObservedService, { AUTH_JWKS_URL: jwks.url });
  });
  afterAll(async () => {
    await service.close();
    await jwks.close();
  });

  const scrape = async () => {
    const answer = await fetch(`${service.url}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    return answer.text();
  };

  it('carries the caller’s trace through an event to its consumer and through a command', async () => {
    const answer = await fetch(`${service.url}/api/test/notes/hello`, {
      method: 'POST',
      headers: { traceparent },
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ text: 'HELLO' });

    expect(tracesInCommand.at(-1)?.traceId).toBe(traceId);
    await waitFor(() => consumerLines.some((line) => line.note === 'hello'));
    const consumed = consumerLines.find((line) => line.note === 'hello');
    expect(consumed).toMatchObject({ traceId, msg: 'note consumed' });
    // Each hop is a span of its own.
    expect(consumed?.spanId).not.toBe('00f067aa0ba902b7');
  });

  it('starts a trace for a call that brings none', async () => {
    await fetch(`${service.url}/api/test/notes/untraced`, { method: 'POST' });
    await waitFor(() => consumerLines.some((line) => line.note === 'untraced'));
    const consumed = consumerLines.find((line) => line.note === 'untraced');
    expect(consumed?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(consumed?.traceId).not.toBe(traceId);
  });

  it('counts requests by the contract’s route template and status, never the raw URL', async () => {
    await fetch(`${service.url}/api/test/notes/counted`, { method: 'POST' });
    await fetch(`${service.url}/api/no/such/path-${id}`);
    await fetch(`${service.url}/healthz`);
    const text = await scrape();
    const route = '/api/test/notes/{note}';
    expect(sample(text, 'http_requests_total', { method: 'POST', route, status: '200' })).toBe(3);
    expect(
      sample(text, 'http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }),
    ).toBe(1);
    expect(
      sample(text, 'http_requests_total', { method: 'GET', route: '/healthz', status: '200' }),
    ).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'POST', route })).toBe(3);
    expect(text).not.toContain(`path-${id}`);
    expect(text).not.toContain('notes/counted');
  });

  it('counts events published and consumed, and how late they were delivered', async () => {
    await waitFor(() => consumerLines.some((line) => line.note === 'counted'));
    // The ack is counted just after the handler returns.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const text = await scrape();
    const subject = noted.subject;
    expect(sample(text, 'events_published_total', { subject, service: 'svc-orders' })).toBe(3);
    expect(sample(text, 'events_consumed_total', { subject, outcome: 'acked' })).toBe(3);
    expect(sample(text, 'event_consume_lag_seconds_count', { subject })).toBe(3);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});

/** The value of the series of `name` that has all of `labels` (in any order), if there is one. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)\{(.*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.entries(labels).every(([key, value]) =>
      (match[2] ?? '').split(',').includes(`${key}="${value}"`),
    );
    if (has) return Number(match[3]);
  }
  return undefined;
}
