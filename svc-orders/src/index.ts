import { type Env } from '@onvelope/service-kit/config';
import { startSellerNotices } from '@onvelope/service-kit/seller-notices';
import { createService } from '@onvelope/service-kit/http';
import { configSchema } from './config.js';
import { prepareOutbox } from './data/tracking-entry-outbox.js';
import { startCounterRepair } from './data/seller-counters.js';
import { deliveryEstimateRuleModel } from './data/delivery-estimate-rule.model.js';
import { backfillSearchTerms } from './data/search-terms-backfill.js';
import { settleUnknownStatuses } from './data/unknown-status-settlement.js';
import { trackingEntryModel } from './data/tracking-entry.model.js';
import { serveCustomerCommands } from './events/customer-commands.js';
import { serveTrackingLinkCommands } from './events/tracking-link-commands.js';
import { consumeShipmentTracking } from './events/shipment-tracking-consumer.js';
import { serveStoreFrontCommands } from './events/store-front-commands.js';
import { ensureOrdersStream } from './events/tracking-entry-events.js';
import { startTrackingEntryRelay } from './events/tracking-entry-relay.js';
import { registerBulkRoutes } from './routes/bulk.routes.js';
import { registerBuyerLookupRoutes } from './routes/buyer-lookup.routes.js';
import { registerClaimRoutes } from './routes/claims.routes.js';
import { registerKeywordRuleRoutes } from './routes/keyword-rules.routes.js';
import { registerOrderCorrectionRoutes } from './routes/order-corrections.routes.js';
import { registerOrderQueryRoutes } from './routes/order-queries.routes.js';
import { registerReportRoutes } from './routes/reports.routes.js';
import { registerShippingRoutes } from './routes/shipping.routes.js';
import { startImportThread } from './import/import-thread.js';
import { registerUploadRoutes } from './routes/upload.routes.js';
import { startBulkJobs } from './use-cases/bulk-jobs.js';
import { prepareBuyerDeps } from './use-cases/buyer-deps.js';
import { createEstimator } from './use-cases/delivery-estimates.js';
import { startQueryNoticeSweep } from './use-cases/query-notices.js';

export function startOrdersService(env: Env) {
  return createService({
    name: 'svc-orders',
    env,
    configSchema,
    setup: async ({ nats, routes, db, log, config, metrics, foreground }) => {
      await ensureOrdersStream(nats);
      // The service kit turns mongoose's lazy index building off: the unique order indexes must
      // exist before the first write, and the sort and search indexes before the first list.
      await trackingEntryModel(db).syncIndexes();
      await deliveryEstimateRuleModel(db).syncIndexes();
      void backfillSearchTerms(db, log);
      await prepareOutbox(db);
      void settleUnknownStatuses(db, log);
      // The sellers' order counters (summary, list totals) recounted where a write left them in doubt.
      const counterRepair = startCounterRepair({ db, log });
      // Publishes every stored change, including those left unpublished before a restart.
      const relay = startTrackingEntryRelay({ db, nats, log, foreground });
      const estimator = createEstimator({
        db,
        nats,
        log,
        authTimeoutMs: config.AUTH_COMMAND_TIMEOUT_MS,
        now: () => new Date(),
      });
      await registerKeywordRuleRoutes({ routes, db, nats, log });
      registerShippingRoutes({ routes, db, nats, log, estimator });
      registerOrderCorrectionRoutes({ routes, db, nats, log, estimator });
      registerReportRoutes({ routes, db, log });
      // Bulk actions, including those an earlier process left part-way (resumed where they stopped).
      const bulk = startBulkJobs({ db, nats, log });
      await registerBulkRoutes({ routes, db, jobs: bulk.jobs });
      serveStoreFrontCommands({ db, nats, log });
      serveCustomerCommands({ db, nats, log });
      const shipmentTracking = await consumeShipmentTracking({ db, nats, log });
      // What the seller must hear of (a buyer's query) and what the buyer must (the seller's
      // reply) go to svc-notify through this outbox, published however long NATS is away,
      // including what an earlier process left. svc-orders sends no mail itself (issue 34).
      const notices = await startSellerNotices({ db, nats, log });
      const buyers = await prepareBuyerDeps({ db, nats, log, config, estimator, notices });
      const queryNoticeSweep = startQueryNoticeSweep({
        db,
        notices,
        log,
        everyMs: config.QUERY_NOTICE_SWEEP_MS,
      });
      serveTrackingLinkCommands(buyers);
      registerBuyerLookupRoutes(routes, buyers);
      registerOrderQueryRoutes(routes, buyers);
      registerClaimRoutes(routes, buyers);
      // Last: nothing after it can fail the start, which would leave the thread running.
      const imports = await startImportThread(
        {
          mongoUrl: config.MONGO_URL,
          dbName: config.MONGO_DB,
          natsUrl: config.NATS_URL,
          logLevel: config.LOG_LEVEL,
          authTimeoutMs: config.AUTH_COMMAND_TIMEOUT_MS,
          foreground,
        },
        log,
      );
      metrics.include(() => imports.metrics());
      registerUploadRoutes({
        routes,
        db,
        csvUploadMaxBytes: config.CSV_UPLOAD_MAX_BYTES,
        metrics,
        imports,
        estimator,
        readsInFlight: config.DASHBOARD_READS_IN_FLIGHT,
      });
      return {
        stop: async () => {
          await imports.stop();
          await bulk.stop();
          await shipmentTracking.stop();
          await relay.stop();
          await counterRepair.stop();
          await queryNoticeSweep.stop();
          await notices.stop();
        },
      };
    },
  });
}
