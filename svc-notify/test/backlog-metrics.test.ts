import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from '@onvelope/service-kit/observability';
import { connectTestDatabase, uniqueDatabaseName } from '@onvelope/testkit';
import { notificationModel } from '../src/data/notification.model.js';
import { webhookDeliveryModel } from '../src/data/webhook-delivery.model.js';
import { watchBacklog } from '../src/use-cases/backlog-metrics.js';
import { startNotifyHarness } from './support/notify-harness.js';

/**
 * Issue 40: the figures svc-notify is scaled on. Only what a sender could take now counts: a job
 * waiting out its retry pause, one in a sender's hands and one already settled do not.
 */

const now = new Date('2026-11-29T08:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

let db: Connection;

beforeAll(async () => {
  db = await connectTestDatabase(uniqueDatabaseName('notify_backlog'));
});

afterAll(async () => {
  await db?.close();
});

const gaugeLine = (text: string, name: string, queue: string) =>
  new RegExp(`^${name}\\{[^}]*queue="${queue}"[^}]*\\} (\\S+)$`, 'm').exec(text)?.[1];

describe('the backlog gauges', () => {
  it('count the mails and deliveries due and not taken, and the age of the oldest', async () => {
    const notifications = notificationModel(db);
    const deliveries = webhookDeliveryModel(db);
    // Raw documents: the gauges read only the queue's fields.
    // Each with its own key: the unique indexes may be built already.
    await notifications.collection.insertMany(
      [
        { state: 'queued', nextAttemptAt: ago(30), leaseUntil: null },
        { state: 'queued', nextAttemptAt: ago(5), leaseUntil: null },
        // Its claim's lease ran out: due again.
        { state: 'queued', nextAttemptAt: ago(1), leaseUntil: ago(1) },
        { state: 'queued', nextAttemptAt: ago(60), leaseUntil: later(20) },
        { state: 'queued', nextAttemptAt: later(120), leaseUntil: null },
        { state: 'sent', nextAttemptAt: null, leaseUntil: null },
      ].map((doc, i) => ({
        accountId: 'acct-backlog',
        entryId: `entry-${i}`,
        milestone: 'shipped',
        ...doc,
      })),
    );
    await deliveries.collection.insertMany(
      [
        { state: 'pending', nextAttemptAt: ago(90) },
        { state: 'pending', nextAttemptAt: ago(2) },
        // Claimed: its lease moved it on.
        { state: 'pending', nextAttemptAt: later(30) },
        { state: 'delivered', nextAttemptAt: null },
      ].map((doc, i) => ({ endpointId: 'endpoint-backlog', eventId: `event-${i}`, ...doc })),
    );
    const metrics = createMetrics({ service: 'svc-notify', defaultMetrics: false });
    watchBacklog(metrics, { notifications, deliveries, now: () => now });

    const { body } = await metrics.expose();

    expect(gaugeLine(body, 'notify_backlog', 'mail')).toBe('3');
    expect(gaugeLine(body, 'notify_backlog', 'webhook')).toBe('2');
    expect(gaugeLine(body, 'notify_backlog_oldest_age_seconds', 'mail')).toBe('30');
    expect(gaugeLine(body, 'notify_backlog_oldest_age_seconds', 'webhook')).toBe('90');

    await notifications.collection.deleteMany({});
    await deliveries.collection.deleteMany({});
    const empty = (await metrics.expose()).body;

    expect(gaugeLine(empty, 'notify_backlog', 'mail')).toBe('0');
    expect(gaugeLine(empty, 'notify_backlog_oldest_age_seconds', 'webhook')).toBe('0');
  });

  it("are on the service's /metrics", async () => {
    const h = await startNotifyHarness();
    try {
      const text = await (await fetch(`${h.service.url}/metrics`)).text();

      expect(gaugeLine(text, 'notify_backlog', 'mail')).toBe('0');
      expect(gaugeLine(text, 'notify_backlog', 'webhook')).toBe('0');
    } finally {
      await h.stop();
    }
  });
});
