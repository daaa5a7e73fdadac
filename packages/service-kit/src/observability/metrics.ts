import type { Context, Next } from 'koa';
import {
  AggregatorRegistry,
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';

/** nginx's status for a request the client closed before any answer: logged and counted, never sent. */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * Prometheus metrics of one app: a registry of its own (in production one app is one process; in
 * tests several services share a process and must not share counters), Node's default metrics, and
 * the metrics every app has. Services add their own with `counter`, `histogram` and `gauge`.
 *
 * @example
 * const syncJobs = metrics.counter({ name: 'sync_jobs_total', help: 'Sync jobs finished', labelNames: ['outcome'] });
 * syncJobs.inc({ outcome: 'succeeded' });
 */
export interface Metrics {
  readonly registry: Registry;
  /** A counter; asking twice for one name gives the same counter. */
  counter<L extends string>(config: MetricConfig<CounterConfiguration<L>>): Counter<L>;
  histogram<L extends string>(config: MetricConfig<HistogramConfiguration<L>>): Histogram<L>;
  gauge<L extends string>(config: MetricConfig<GaugeConfiguration<L>>): Gauge<L>;
  /** The text exposition format Prometheus scrapes. */
  expose(): Promise<{ contentType: string; body: string }>;
  /**
   * Serves another thread's metrics beside these (svc-orders' import thread publishes its own
   * events): `expose` asks `snapshot` each time, and series both have are summed, as prom-client
   * sums a cluster's workers.
   */
  include(snapshot: () => Promise<MetricsSnapshot>): void;
}

/** A registry's metrics as data (`registry.getMetricsAsJSON()`), which a message can carry. */
export type MetricsSnapshot = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

type MetricConfig<C> = Omit<C, 'registers'>;

export interface MetricsOptions {
  /** The app's name, put on every series as the `service` label. */
  service: string;
  /** Node's process metrics (CPU, memory, event-loop lag, GC); on unless a test turns them off. */
  defaultMetrics?: boolean;
}

// Seconds. Most calls end in milliseconds; imports, exports and long polls take seconds.
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
// Seconds between publish and delivery: instant normally, minutes or hours after an outage.
const lagBuckets = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600, 21600];

export function createMetrics(options: MetricsOptions): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: options.service });
  if (options.defaultMetrics !== false) {
    collectDefaultMetrics({ register: registry });
    // Which build answers (a rollout shows as two versions side by side): the image's
    // APP_VERSION, and the Node the process runs on.
    new Gauge({
      name: 'onvelope_build_info',
      help: 'Always 1: the version of the app and of Node this process runs',
      labelNames: ['version', 'node_version'],
      registers: [registry],
    }).set({ version: process.env.APP_VERSION ?? 'dev', node_version: process.version }, 1);
  }

  // prom-client throws on a second registration of a name; a second ask gets the first metric, so
  // a module may declare its metric where it uses it without coordinating with the others.
  function once<M>(name: string, make: () => M): M {
    return (registry.getSingleMetric(name) as M | undefined) ?? make();
  }

  const included: (() => Promise<MetricsSnapshot>)[] = [];
  return {
    registry,
    counter: (config) => once(config.name, () => new Counter({ ...config, registers: [registry] })),
    histogram: (config) =>
      once(config.name, () => new Histogram({ ...config, registers: [registry] })),
    gauge: (config) => once(config.name, () => new Gauge({ ...config, registers: [registry] })),
    async expose() {
      if (!included.length)
        return { contentType: registry.contentType, body: await registry.metrics() };
      const [own, ...others] = await Promise.all([
        registry.getMetricsAsJSON(),
        ...included.map((snapshot) => snapshot()),
      ]);
      // Only series both sides have are summed: the aggregator drops what it cannot sum (the
      // process's start time, build info), which this process alone reports.
      const shared = new Set(others.flatMap((snapshot) => snapshot.map((metric) => metric.name)));
      const merged = AggregatorRegistry.aggregate([
        own.filter((metric) => shared.has(metric.name)),
        ...others,
      ]);
      const ownOnly = await Promise.all(
        own
          .filter((metric) => !shared.has(metric.name))
          .map((metric) => registry.getSingleMetricAsString(metric.name)),
      );
      return {
        contentType: registry.contentType,
        body: `${ownOnly.join('\n')}\n${await merged.metrics()}`,
      };
    },
    include: (snapshot) => void included.push(snapshot),
  };
}

/** The route label of a request that matched none: keeps scanners' random URLs out of the series. */
export const unmatchedRoute = 'unmatched';

const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Counts every HTTP answer and times it, by method, route and status. The route is the contract's
 * path template (`/api/tracking-entries/{id}`), set by whoever matched it on `ctx.state.route`, never
 * the raw URL, so the number of series stays bounded; a request nothing matched is `unmatched`.
 * Recorded when the response closes, so streamed answers (downloads, proxied calls) count in full.
 */
export function httpMetricsMiddleware(metrics: Metrics) {
  const requests = metrics.counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'],
  });
  const duration = metrics.histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to the end of the answer, by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    buckets: latencyBuckets,
  });
  return async (ctx: Context, next: Next) => {
    const started = process.hrtime.bigint();
    ctx.res.once('close', () => {
      const labels = {
        method: knownMethods.has(ctx.method) ? ctx.method : 'OTHER',
        route: typeof ctx.state.route === 'string' ? ctx.state.route : unmatchedRoute,
        // A client that left before any answer: 499, as nginx logs it.
        status: String(ctx.res.headersSent ? ctx.res.statusCode : CLIENT_CLOSED_REQUEST),
      };
      requests.inc(labels);
      duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    await next();
  };
}

/** `GET /metrics` in Prometheus' text format. */
export function metricsEndpoint(metrics: Metrics) {
  return async (ctx: Context) => {
    const { contentType, body } = await metrics.expose();
    ctx.set('Cache-Control', 'no-store');
    ctx.type = contentType;
    ctx.body = body;
  };
}

/** The event and command metrics `nats/nats.ts` records. */
export interface MessagingMetrics {
  published: Counter<'subject'>;
  consumed: Counter<'subject' | 'outcome'>;
  consumeLag: Histogram<'subject'>;
  /** Reports a durable consumer's backlog while it runs; call the answer when it stops. */
  watchConsumer(consumer: WatchedConsumer): () => void;
  /** Reports an outbox's backlog while its relay runs; call the answer when it stops. */
  watchOutbox(outbox: WatchedOutbox): () => void;
}

/** A durable consumer whose backlog is asked of the server at each scrape. */
export interface WatchedConsumer {
  stream: string;
  name: string;
  /** The server's counts: not yet delivered, and delivered but not acknowledged. */
  backlog(): Promise<{ pending: number; ackPending: number }>;
}

/** What an outbox holds that NATS has not yet acknowledged. */
export interface OutboxBacklog {
  pending: number;
  /** When the oldest of them was stored; null when none waits. */
  oldestAt: Date | null;
}

/** A transactional outbox whose backlog is read from its store at each scrape. */
export interface WatchedOutbox {
  name: string;
  backlog(): Promise<OutboxBacklog>;
}

/**
 * Things asked for their figures at a scrape: one question each serves every gauge reading it
 * (answers are kept for a second), and one that cannot answer is left out of that scrape.
 */
function scrapedAtOnce<W, A>(ask: (watched: W) => Promise<A>) {
  const watched = new Set<W>();
  let asked: { at: number; answers: Promise<(W & A)[]> } | undefined;
  const askAll = async () => {
    const answers = await Promise.all(
      [...watched].map(async (item) => {
        try {
          return { ...item, ...(await ask(item)) };
        } catch {
          return undefined;
        }
      }),
    );
    return answers.filter((answer) => answer !== undefined);
  };
  return {
    answers() {
      if (!asked || Date.now() - asked.at > 1_000) asked = { at: Date.now(), answers: askAll() };
      return asked.answers;
    },
    watch(item: W) {
      watched.add(item);
      asked = undefined;
      return () => {
        watched.delete(item);
        asked = undefined;
      };
    },
  };
}

export function messagingMetrics(metrics: Metrics): MessagingMetrics {
  const consumers = scrapedAtOnce((consumer: WatchedConsumer) => consumer.backlog());
  const consumerGauge = (name: string, help: string, of: (answer: ConsumerBacklog) => number) =>
    metrics.gauge({
      name,
      help,
      labelNames: ['stream', 'consumer'],
      async collect() {
        this.reset();
        for (const answer of await consumers.answers()) {
          this.set({ stream: answer.stream, consumer: answer.name }, of(answer));
        }
      },
    });
  consumerGauge(
    'onvelope_jetstream_consumer_pending',
    'Events on the stream not yet delivered to this durable consumer (work waiting)',
    (answer) => answer.pending,
  );
  consumerGauge(
    'onvelope_jetstream_consumer_ack_pending',
    'Events delivered to this durable consumer and not yet acknowledged (work in hand)',
    (answer) => answer.ackPending,
  );

  const outboxes = scrapedAtOnce((outbox: WatchedOutbox) => outbox.backlog());
  const outboxGauge = (name: string, help: string, of: (answer: OutboxBacklog) => number) =>
    metrics.gauge({
      name,
      help,
      labelNames: ['outbox'],
      async collect() {
        this.reset();
        for (const answer of await outboxes.answers())
          this.set({ outbox: answer.name }, of(answer));
      },
    });
  outboxGauge(
    'onvelope_outbox_pending',
    'Changes stored and not yet published to NATS, by outbox (the same figure on every replica)',
    (answer) => answer.pending,
  );
  outboxGauge(
    'onvelope_outbox_oldest_age_seconds',
    'How long the oldest change not yet published has waited, by outbox; 0 when none waits',
    (answer) => (answer.oldestAt ? Math.max(0, Date.now() - answer.oldestAt.getTime()) / 1000 : 0),
  );

  return {
    watchConsumer: consumers.watch,
    watchOutbox: outboxes.watch,
    published: metrics.counter({
      name: 'events_published_total',
      help: 'Events published to JetStream (acknowledged by the server), by subject',
      labelNames: ['subject'],
    }),
    consumed: metrics.counter({
      name: 'events_consumed_total',
      help: 'Events delivered to a consumer, by subject and outcome (acked, retried, dropped)',
      labelNames: ['subject', 'outcome'],
    }),
    consumeLag: metrics.histogram({
      name: 'event_consume_lag_seconds',
      help: 'Time from publish to delivery of an event (redeliveries count from the first publish)',
      labelNames: ['subject'],
      buckets: lagBuckets,
    }),
  };
}

type ConsumerBacklog = Awaited<ReturnType<WatchedConsumer['backlog']>>;
