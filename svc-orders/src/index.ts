import { createService, type Env } from '@onvelope/service-kit';
import { configSchema } from './config.js';
import { ensureOrdersStream } from './events/tracking-entry-events.js';
import { registerKeywordRuleRoutes } from './routes/keyword-rules.routes.js';
import { registerShippingRoutes } from './routes/shipping.routes.js';

export function startOrdersService(env: Env) {
  return createService({
    name: 'svc-orders',
    env,
    configSchema,
    setup: async ({ nats, routes, db, log }) => {
      await ensureOrdersStream(nats);
      await registerKeywordRuleRoutes({ routes, db, nats, log });
      registerShippingRoutes({ routes, db, nats, log });
    },
  });
}
