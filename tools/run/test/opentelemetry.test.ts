import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingEntryUpserted } from '@onvelope/contracts';
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

const { subject } = trackingEntryUpserted;

/**
 * What the test holds true of the shipped order's trace, fact by fact. Each fact says that spans
 * exist and how they are linked, never which span comes first: Jaeger answers a trace's spans in no
 * set order, and the trace holds look-alikes of the spans sought (svc-notify, reacting to the
 * event, asks svc-orders for the buyer's tracking link: more svc-orders queries, reached through
 * svc-notify's spans, which may not be exported yet). So a fact true of part of the trace stays true
 * as the rest comes in.
 */
function factsOf(spans: Span[], callerSpanId: string, route: string): Record<string, boolean> {
  const of = (service: string, kind: string) =>
    spans.filter((span) => span.service === service && span.kind === kind);
  const gatewayServers = of('gateway', 'server').filter((span) => span.parentId === callerSpanId);
  const gatewayClients = of('gateway', 'client').filter((client) =>
    gatewayServers.some((server) => descendsFrom(spans, client, server)),
  );
  const ordersServers = of('svc-orders', 'server').filter((server) =>
    gatewayClients.some((client) => client.id === server.parentId),
  );
  const withinOrdersServer = (span: Span) =>
    ordersServers.some((server) => descendsFrom(spans, span, server));
  const ordersRoutes = of('svc-orders', 'internal').filter(
    (span) => span.name.includes(route) && withinOrdersServer(span),
  );
  const published = of('svc-orders', 'producer').filter(
    (span) => span.name === `send ${subject}` && withinOrdersServer(span),
  );
  return {
    "the gateway's server span continues the caller's trace": gatewayServers.length > 0,
    "svc-orders' server span answers the gateway's upstream call": ordersServers.length > 0,
    "svc-orders' route span (koa) is within its server span": ordersRoutes.length > 0,
    "a query of the route (mongodb) is its route span's child": of('svc-orders', 'client').some(
      (query) =>
        (query.tags['db.system'] ?? query.tags['db.system.name']) === 'mongodb' &&
        ordersRoutes.some((route) => route.id === query.parentId),
    ),
    // Published by the outbox relay after the answer, in the trace the write stored.
    "svc-orders' send span is within its server span": published.length > 0,
    "svc-analytics' consumer span is the send span's child": of('svc-analytics', 'consumer').some(
      (span) =>
        span.name === `process ${subject}` && published.some((send) => send.id === span.parentId),
    ),
  };
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
      // Spans exported a fifth of a second after they end, not the default 5 s later.
      env: {
        LOG_LEVEL: 'info',
        OTEL_EXPORTER_OTLP_ENDPOINT: jaeger.otlpUrl,
        OTEL_BSP_SCHEDULE_DELAY: '200',
      },
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

  /**
   * Asks Jaeger for the trace until every fact of `factsOf` holds (each app exports its spans in
   * batches of its own, some in several), for up to a minute. Answers the facts that never did,
   * and the trace's spans as they were last read.
   */
  async function readTrace(traceId: string, callerSpanId: string, route: string) {
    const until = Date.now() + 60_000;
    const unmetOf = (spans: Span[]) =>
      Object.entries(factsOf(spans, callerSpanId, route))
        .filter(([, holds]) => !holds)
        .map(([fact]) => fact);
    let spans: Span[] = [];
    let unmet = unmetOf(spans);
    while (Date.now() < until) {
      const answer = await fetch(`${jaeger.queryUrl}/api/traces/${traceId}`);
      if (answer.ok) {
        const { data } = (await answer.json()) as { data: JaegerTrace[] };
        spans = data.flatMap(spansOf);
        unmet = unmetOf(spans);
        if (!unmet.length) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return { unmet, spans };
  }

  /** A caller's own trace, as a browser with OpenTelemetry would send it. */
  const callerTrace = () => {
    const traceId = randomBytes(16).toString('hex');
    const spanId = randomBytes(8).toString('hex');
    return { traceId, spanId, traceparent: `00-${traceId}-${spanId}-01` };
  };

  /** Reads the trace until its facts hold, and says which did not, with its spans. */
  async function expectTraceFacts(caller: ReturnType<typeof callerTrace>, route: string) {
    const { unmet, spans } = await readTrace(caller.traceId, caller.spanId, route);
    const listing = spans
      .map(
        (span) =>
          `${span.service} ${String(span.kind)} ${span.name} ${span.id} <- ${span.parentId ?? 'none'}`,
      )
      .join('\n');
    expect(unmet, `trace ${caller.traceId} after a minute:\n${listing}`).toEqual([]);
  }

  it('follows an upload, and a shipped order, from the gateway through svc-orders and NATS into svc-analytics as one trace each', async () => {
    const { token } = await createSeller(system, { onboarded: true });
    const form = new FormData();
    form.append(
      'csvFile',
      new Blob([`${header}\r\nOTEL-1,Ann,Lee,ann.otel@example.com,SW1A 1AA,processing,,,\r\n`], {
        type: 'text/csv',
      }),
      'orders.csv',
    );
    const upload = callerTrace();
    await call('/api/upload/csv', {
      method: 'POST',
      body: form,
      token,
      headers: { traceparent: upload.traceparent },
    });

    const shipped = callerTrace();
    await call('/api/bigcartel/orders/OTEL-1/shipped', {
      method: 'PUT',
      token,
      headers: { traceparent: shipped.traceparent },
      body: JSON.stringify({ trackingNumber: 'EZ1000000001', courier: 'USPS' }),
    });

    // The import runs on svc-orders' import thread: its event is sent within the upload's spans.
    await expectTraceFacts(upload, '/upload/csv');
    await expectTraceFacts(shipped, '/shipped');

    // The log lines of the call carry the exported trace's id.
    const traced = logLines.filter(({ line }) => line.includes(`"traceId":"${shipped.traceId}"`));
    expect(traced.map(({ app }) => app)).toEqual(expect.arrayContaining(['gateway', 'svc-orders']));
  }, 120_000);
});
