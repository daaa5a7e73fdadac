import { createService, type Env } from '@onvelope/service-kit';
import { configSchema } from './config.js';
import { orderFactModel } from './data/order-fact.model.js';
import { consumeTrackingEntryChanges } from './events/tracking-entry-consumer.js';

export function startAnalyticsService(env: Env) {
  return createService({
    name: 'svc-analytics',
    env,
    configSchema,
    setup: async ({ db, nats, log }) => {
      const facts = orderFactModel(db);
      await facts.syncIndexes();
      const consumer = await consumeTrackingEntryChanges(nats, facts, log);
      return { stop: () => consumer.stop() };
    },
  });
}
