import type { Model, QueryFilter } from 'mongoose';
import type { Metrics } from '@onvelope/service-kit/observability';
import type { NotificationModel } from '../data/notification.model.js';
import type { WebhookDeliveryModel } from '../data/webhook-delivery.model.js';
import { dueMessagesAt } from './sender.js';
import { dueDeliveriesAt } from './webhook-queue.js';

export interface BacklogDeps {
  notifications: NotificationModel;
  deliveries: WebhookDeliveryModel;
  now: () => Date;
}

interface QueueBacklog {
  due: number;
  /** When the longest-waiting due job became due; null when none is. */
  oldestDueAt: Date | null;
}

/**
 * What operators scale svc-notify on (issue 40): the mails and the webhook deliveries due now and
 * not in anyone's hands, and how long the oldest of each has waited. Read from the queues
 * themselves, so every replica reports the same figures. Both reads are served by the
 * `{state, nextAttemptAt}` index each queue's claim uses.
 */
export function watchBacklog(metrics: Metrics, deps: BacklogDeps): void {
  const queues = {
    mail: (now: Date) => backlogOf(deps.notifications, dueMessagesAt(now)),
    webhook: (now: Date) => backlogOf(deps.deliveries, dueDeliveriesAt(now)),
  };
  // A scrape asks both gauges: one read of the queues serves the two.
  let reading: Promise<Record<keyof typeof queues, QueueBacklog>> | null = null;
  const read = () => {
    reading ??= (async () => {
      const now = deps.now();
      const [mail, webhook] = await Promise.all([queues.mail(now), queues.webhook(now)]);
      return { mail, webhook };
    })().finally(() => {
      reading = null;
    });
    return reading;
  };
  metrics.gauge({
    name: 'notify_backlog',
    help: 'Mails and webhook deliveries due now and not yet taken, by queue (the same figure on every replica)',
    labelNames: ['queue'],
    async collect() {
      for (const [queue, backlog] of Object.entries(await read())) this.set({ queue }, backlog.due);
    },
  });
  metrics.gauge({
    name: 'notify_backlog_oldest_age_seconds',
    help: 'How long the longest-waiting due mail or webhook delivery has waited, by queue; 0 when none waits',
    labelNames: ['queue'],
    async collect() {
      const now = deps.now().getTime();
      for (const [queue, backlog] of Object.entries(await read())) {
        const waited = backlog.oldestDueAt ? now - backlog.oldestDueAt.getTime() : 0;
        this.set({ queue }, Math.max(0, waited) / 1000);
      }
    },
  });
}

async function backlogOf<D extends { nextAttemptAt: Date | null }>(
  model: Model<D>,
  due: QueryFilter<D>,
): Promise<QueueBacklog> {
  // Every seller's queue at once: an operator's figure, not a tenant's read.
  const [count, oldest] = await Promise.all([
    model.countDocuments(due),
    model
      .findOne(due, { nextAttemptAt: 1 })
      .sort({ nextAttemptAt: 1 })
      .lean<Pick<D, 'nextAttemptAt'>>(),
  ]);
  return { due: count, oldestDueAt: oldest?.nextAttemptAt ?? null };
}
