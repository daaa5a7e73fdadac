import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.js';

describe('createMetrics', () => {
  it('gives the same counter when one name is asked for twice', async () => {
    const metrics = createMetrics({ service: 'svc-test', defaultMetrics: false });
    const config = { name: 'sync_jobs_total', help: 'jobs', labelNames: ['outcome'] as const };
    metrics.counter(config).inc({ outcome: 'completed' });
    metrics.counter(config).inc({ outcome: 'completed' });
    const { body, contentType } = await metrics.expose();
    expect(contentType).toContain('text/plain');
    expect(body).toContain('sync_jobs_total{outcome="completed",service="svc-test"} 2');
  });

  it('keeps the series of two apps in one process apart', async () => {
    const one = createMetrics({ service: 'one', defaultMetrics: false });
    const two = createMetrics({ service: 'two', defaultMetrics: false });
    one.counter({ name: 'things_total', help: 'things' }).inc();
    two.counter({ name: 'things_total', help: 'things' }).inc(5);
    expect((await one.expose()).body).toContain('things_total{service="one"} 1');
    expect((await two.expose()).body).toContain('things_total{service="two"} 5');
  });

  it('serves another thread’s metrics beside its own, summing the series both have', async () => {
    const service = createMetrics({ service: 'svc-test', defaultMetrics: false });
    const thread = createMetrics({ service: 'svc-test', defaultMetrics: false });
    const published = {
      name: 'events_published_total',
      help: 'events',
      labelNames: ['subject'] as const,
    };
    service.counter(published).inc({ subject: 'orders.entries.upserted' }, 2);
    thread.counter(published).inc({ subject: 'orders.entries.upserted' }, 3);
    thread.counter(published).inc({ subject: 'orders.entries.deleted' });
    service.include(() => thread.registry.getMetricsAsJSON());
    const { body } = await service.expose();
    expect(body).toContain(
      'events_published_total{subject="orders.entries.upserted",service="svc-test"} 5',
    );
    expect(body).toContain(
      'events_published_total{subject="orders.entries.deleted",service="svc-test"} 1',
    );
  });

  it('collects Node process metrics by default, with the build it runs', async () => {
    const metrics = createMetrics({ service: 'svc-test' });
    const { body } = await metrics.expose();
    expect(body).toContain('process_cpu_user_seconds_total');
    expect(body).toContain(
      `onvelope_build_info{version="dev",node_version="${process.version}",service="svc-test"} 1`,
    );
  });

  it('keeps its own start time and build info when it serves another thread’s metrics', async () => {
    // svc-orders: its import thread reports no process metrics of its own; the aggregator used to
    // drop what it cannot sum, so the service lost process_start_time_seconds.
    const service = createMetrics({ service: 'svc-orders' });
    const thread = createMetrics({ service: 'svc-orders', defaultMetrics: false });
    thread.counter({ name: 'imported_rows_total', help: 'rows' }).inc(7);
    service.include(() => thread.registry.getMetricsAsJSON());
    const { body } = await service.expose();
    expect(body).toMatch(/^process_start_time_seconds\{service="svc-orders"\} \d+/m);
    expect(body).toMatch(/^onvelope_build_info\{.*\} 1$/m);
    expect(body).toContain('imported_rows_total{service="svc-orders"} 7');
    expect(body.match(/^# TYPE process_start_time_seconds /gm)).toHaveLength(1);
  });
});
