import { createService, type Env } from '@onvelope/service-kit';
import { configSchema } from './config.js';
import { ensureOrdersStream } from './events/tracking-entry-events.js';

export function startOrdersService(env: Env) {
  return createService({
    name: 'svc-orders',
    env,
    configSchema,
    setup: async ({ nats }) => {
      await ensureOrdersStream(nats);
    },
  });
}
