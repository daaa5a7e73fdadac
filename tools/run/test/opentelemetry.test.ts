import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJaeger, type RunningJaeger } from '@onvelope/infra';
import { createSeller } from '../src/accounts.js';
import { startSystem, type RunningSystem } from '../src/index.js';

// Issue 36: with OTEL_EXPORTER_OTLP_ENDPOINT set, every app exports its spans over OTLP, and one
// call is one trace from the gateway to the event's consumer. The apps run from their dist, as
// under npm start and in the images (`npx tsc -b tsconfig.build.json`), against a real Jaeger.

/** A span as Jaeger's query API (`/api/traces/<id>`) answers it. */
interface JaegerSpan {
  spanID: string;
  operationName: string;
  references: { refType: string; spanID: string }[];
  processID: string;
  tags: { key: string; value: unknown }[];
}

interface JaegerTrace {
  spans: JaegerSpan[];
  processes: Record<string, { serviceName: string }>;
}

interface Span {
  id: string;
  name: string;
  service: string;
  kind: unknown;
  parentId: string | undefined;
  tags: Record<string, unknown>;
}

const spansOf = (trace: JaegerTrace): Span[] =>
  trace.spans.map((span) => ({
    id: span.spanID,
    name: span.operationName,
    service: trace.processes[span.processID]?.serviceName ?? '?',
    kind: span.tags.find((tag) => tag.key === 'span.kind')?.value,
    parentId: span.references.find((ref) => ref.refType === 'CHILD_OF')?.spanID,
    tags: Object.fromEntries(span.tags.map((tag) => [tag.key, tag.value])),
  }));

/** Whether `ancestor` is `span`'s parent, or its parent's, and so on. */
function descendsFrom(spans: Span[], span: Span, ancestor: Span): boolean {
  const byId = new Map(spans.map((each) => [each.id, each]));
  for (let at = byId.get(span.parentId ?? ''); at; at = byId.get(at.parentId ?? '')) {
    if (at.id === ancestor.id) return true;
  }
  return false;
}

const header =
  'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl';

describe('OpenTelemetry traces', () => {
  let jaeger: RunningJaeger;
  let system: RunningSystem;
  const logLines: { app: string; line: string }[] = [];

  beforeAll(async () => {
    jaeger = await startJaeger();
    system = await startSystem({
      gatewayPort: 0,
      servicePorts: 'free',
      env: { LOG_LEVEL: 'info', OTEL_EXPORTER_OTLP_ENDPOINT: jaeger.otlpUrl },
      sink: (app, line) => logLines.push({ app, line }),
    });
  }, 300_000);
  afterAll(async () => {
    await system?.stop();
    await jaeger?.stop();
  }, 60_000);

  async function call(path: string, init: RequestInit & { token?: string }): Promise<unknown> {
    const response = await fetch(`${system.url}${path}`, {
      ...init,
      headers: {
        ...(init.body && typeof init.body === 'string'
          ? { 'content-type': 'application/json' }
          : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${init.method} ${path} answered ${response.status}: ${text}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  }

  /** Asks Jaeger for the trace until `complete` accepts it (spans arrive in batches, per app). */
  async function traceWhen(traceId: string, complete: (spans: Span[]) => boolean) {
    const until = Date.now() + 60_000;
    let spans: Span[] = [];
    while (Date.now() < until) {
      const answer = await fetch(`${jaeger.queryUrl}/api/traces/${traceId}`);
      if (answer.ok) {
        const { data } = (await answer.json()) as { data: JaegerTrace[] };
        spans = data.flatMap(spansOf);
        if (complete(spans)) return spans;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(
      `trace ${traceId} never held all the spans; it has:\n${spans
        .map((span) => `${span.service} ${String(span.kind)} ${span.name}`)
        .join('\n')}`,
    );
  }

  it('follows a shipped order from the gateway through svc-orders and NATS into svc-analytics as one trace', async () => {
    const { token } = await createSeller(system, { onboarded: true });
    const form = new FormData();
    form.append(
      'csvFile',
      new Blob([`${header}\r\nOTEL-1,Ann,Lee,ann.otel@example.com,SW1A 1AA,processing,,,\r\n`], {
        type: 'text/csv',
      }),
      'orders.csv',
    );
    await call('/api/upload/csv', { method: 'POST', body: form, token });

    // The caller's own trace, as a browser with OpenTelemetry would send it.
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    await call('/api/bigcartel/orders/OTEL-1/shipped', {
      method: 'PUT',
      token,
      headers: { traceparent: `00-${traceId}-${callerSpanId}-01` },
      body: JSON.stringify({ trackingNumber: 'EZ1000000001', courier: 'USPS' }),
    });

    const subject = 'orders.entries.upserted';
    const consumed = (spans: Span[]) =>
      spans.find(
        (span) =>
          span.service === 'svc-analytics' &&
          span.kind === 'consumer' &&
          span.name === `process ${subject}`,
      );
    // Each app exports its spans in batches of its own, and one app's may come in several: the
    // consumer's may be in before the publisher's, and svc-orders' server span before its route's
    // chain of middleware spans. So the trace is complete once the consumer's parent is in it and
    // svc-orders' route span reaches its server span.
    const routeReachesServer = (found: Span[]) => {
      const server = found.find((span) => span.service === 'svc-orders' && span.kind === 'server');
      const route = found.find(
        (span) => span.service === 'svc-orders' && span.name.includes('/shipped'),
      );
      return server !== undefined && route !== undefined && descendsFrom(found, route, server);
    };
    const spans = await traceWhen(traceId, (found) => {
      const parentId = consumed(found)?.parentId;
      return (
        parentId !== undefined &&
        found.some((span) => span.id === parentId) &&
        routeReachesServer(found)
      );
    });

    const gatewayServer = spans.find(
      (span) => span.service === 'gateway' && span.kind === 'server',
    );
    expect(gatewayServer?.parentId).toBe(callerSpanId);
    const ordersServer = spans.find(
      (span) => span.service === 'svc-orders' && span.kind === 'server',
    );
    // svc-orders answered the gateway's upstream call, made within the gateway's server span.
    const gatewayClient = spans.find((span) => span.id === ordersServer?.parentId);
    expect(gatewayClient).toMatchObject({ service: 'gateway', kind: 'client' });
    expect(descendsFrom(spans, gatewayClient!, gatewayServer!)).toBe(true);
    // The koa and mongodb instrumentations ran in svc-orders too.
    const ordersRoute = spans.find(
      (span) => span.service === 'svc-orders' && span.name.includes('/shipped'),
    );
    expect(ordersRoute && descendsFrom(spans, ordersRoute, ordersServer!)).toBe(true);
    const ordersQuery = spans.find(
      (span) =>
        span.service === 'svc-orders' &&
        span.kind === 'client' &&
        (span.tags['db.system'] ?? span.tags['db.system.name']) === 'mongodb',
    );
    expect(ordersQuery && descendsFrom(spans, ordersQuery, ordersServer!)).toBe(true);

    // Published by the outbox relay after the answer, in the trace the write stored.
    const published = spans.find(
      (span) =>
        span.service === 'svc-orders' &&
        span.kind === 'producer' &&
        span.name === `send ${subject}`,
    );
    expect(published && descendsFrom(spans, published, ordersServer!)).toBe(true);
    expect(consumed(spans)?.parentId).toBe(published?.id);

    // The log lines of the call carry the exported trace's id.
    const traced = logLines.filter(({ line }) => line.includes(`"traceId":"${traceId}"`));
    expect(traced.map(({ app }) => app)).toEqual(expect.arrayContaining(['gateway', 'svc-orders']));
  }, 120_000);
});
