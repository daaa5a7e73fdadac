import { createService, type Env } from '@onvelope/service-kit';
import { configSchema } from './config.js';
import { trackingEntryModel } from './data/tracking-entry.model.js';
import { ensureOrdersStream } from './events/tracking-entry-events.js';
import { registerKeywordRuleRoutes } from './routes/keyword-rules.routes.js';
import { registerReportRoutes } from './routes/reports.routes.js';
import { registerShippingRoutes } from './routes/shipping.routes.js';
import { registerUploadRoutes } from './routes/upload.routes.js';

export function startOrdersService(env: Env) {
  return createService({
    name: 'svc-orders',
    env,
    configSchema,
    setup: async ({ nats, routes, db, log, config }) => {
      await ensureOrdersStream(nats);
      // The unique order-number index must exist before the first import writes.
      await trackingEntryModel(db).init();
      registerUploadRoutes({ routes, db, nats, csvUploadMaxBytes: config.CSV_UPLOAD_MAX_BYTES });
      await registerKeywordRuleRoutes({ routes, db, nats, log });
      registerShippingRoutes({ routes, db, nats, log });
      registerReportRoutes({ routes, db, log });
    },
  });
}
