import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type Env } from '@onvelope/service-kit/config';
import { startSellerNotices } from '@onvelope/service-kit/seller-notices';
import { createService } from '@onvelope/service-kit/http';
import { configSchema, secretsOf } from './config.js';
import { connectionModel } from './data/connection.model.js';
import { BigCartelClient, type StoreFrontClient } from './data/store-front-client.js';
import { syncJobModel } from './data/sync-job.model.js';
import { EasyPostProvider } from './data/tracking-provider.js';
import { TokenBucket } from './domain/token-bucket.js';
import { serveCorrectOrder, serveMarkShipped } from './events/mark-shipped-command.js';
import { ensureJobQueue, startJobWorkers } from './events/sync-job-queue.js';
import { registerConnectionRoutes } from './routes/connections.routes.js';
import { registerSyncRoutes } from './routes/sync.routes.js';
import { registerTrackingRoutes } from './routes/tracking.routes.js';
import { startShipmentTracking } from './use-cases/run-shipment-tracking.js';
import { startTrackerReportIntake } from './use-cases/take-tracker-reports.js';
import { runSyncJob } from './use-cases/run-sync-job.js';
import { syncJobMetrics } from './use-cases/sync-job-metrics.js';
import { watchRegistrations } from './use-cases/registration-metrics.js';
import type { SyncDeps } from './use-cases/store-front-access.js';
import type { TrackingDeps } from './use-cases/track-shipments.js';

export { configSchema } from './config.js';
export type { StoreFrontClient } from './data/store-front-client.js';

export interface SyncServiceOptions {
  /** Another store-front client (the benchmark wraps the default one to time it). */
  client?: (defaultClient: StoreFrontClient) => StoreFrontClient;
}

export function startSyncService(env: Env, options: SyncServiceOptions = {}) {
  return createService({
    name: 'svc-sync',
    env,
    configSchema,
    setup: async ({ config, db, nats, routes, log, metrics }) => {
      const secrets = secretsOf(config);
      if (config.NODE_ENV !== 'production' && !config.TOKEN_ENCRYPTION_KEY) {
        log.warn(
          'TOKEN_ENCRYPTION_KEY is not set: using the development key (never in production)',
        );
      }
      const bigCartel = new BigCartelClient({
        apiUrl: config.BIGCARTEL_API_URL,
        authorizeUrl: config.BIGCARTEL_AUTHORIZE_URL,
        clientId: secrets.clientId,
        clientSecret: secrets.clientSecret,
        redirectUrl: config.BIGCARTEL_REDIRECT_URL,
        pageLimit: config.STORE_FRONT_PAGE_LIMIT,
        ratePerSecond: config.STORE_FRONT_RATE_PER_SECOND,
        burst: config.STORE_FRONT_BURST,
        maxAttempts: config.STORE_FRONT_MAX_ATTEMPTS,
        retryBaseMs: config.STORE_FRONT_RETRY_BASE_MS,
        timeoutMs: config.STORE_FRONT_TIMEOUT_MS,
      });
      const queue = {
        streamName: config.SYNC_STREAM_NAME,
        subjectPrefix: config.SYNC_JOBS_SUBJECT,
        consumerName: config.SYNC_CONSUMER_NAME,
        ackWaitMs: config.SYNC_ACK_WAIT_MS,
      };
      // What the seller must hear of (a failed sync, an expired authorisation) goes to svc-notify
      // through this outbox, published however long NATS is away, including what an earlier
      // process left.
      const notices = await startSellerNotices({ db, nats, log });
      const deps: SyncDeps = {
        db,
        nats,
        log,
        client: options.client ? options.client(bigCartel) : bigCartel,
        tokenKey: secrets.tokenKey,
        queue,
        workerId: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
        leaseMs: config.SYNC_ACK_WAIT_MS,
        pageLimit: config.STORE_FRONT_PAGE_LIMIT,
        syncWaitTimeoutMs: config.SYNC_WAIT_TIMEOUT_MS,
        jobMetrics: syncJobMetrics(metrics, db),
        notices,
      };

      // Unique indexes (one connection per store, one unfinished job per connection) must exist
      // before the first write.
      await connectionModel(db).syncIndexes();
      await syncJobModel(db).syncIndexes();
      await ensureJobQueue(nats, queue);

      registerConnectionRoutes(
        routes,
        deps,
        { secret: secrets.stateSecret, ttlSeconds: config.OAUTH_STATE_TTL_SECONDS },
        config.PUBLIC_SITE_URL,
      );
      registerSyncRoutes(routes, deps);

      const tracking: TrackingDeps | null = config.EASYPOST_API_KEY
        ? {
            db,
            nats,
            log,
            provider: new EasyPostProvider({
              apiKey: config.EASYPOST_API_KEY,
              apiUrl: config.EASYPOST_API_URL,
              webhookSecret: secrets.easyPostWebhookSecret,
              timeoutMs: config.EASYPOST_TIMEOUT_MS,
            }),
            settings: {
              ratePerSecond: config.TRACKING_RATE_PER_SECOND,
              burst: config.TRACKING_BURST,
              batchSize: config.TRACKING_BATCH_SIZE,
              leaseMs: config.TRACKING_LEASE_MS,
              retryBaseMs: config.TRACKING_RETRY_BASE_MS,
              retryMaxMs: config.TRACKING_RETRY_MAX_MS,
              maxShipmentAgeMs: config.TRACKING_MAX_SHIPMENT_AGE_DAYS * 24 * 60 * 60_000,
              reconcileAfterMs: config.TRACKING_RECONCILE_AFTER_MS,
            },
            bucket: new TokenBucket(config.TRACKING_BURST, config.TRACKING_RATE_PER_SECOND),
          }
        : null;
      if (tracking) watchRegistrations(metrics, db);
      else log.warn('EASYPOST_API_KEY is not set: shipments are not tracked');
      const trackingRoutes = tracking
        ? { deps: tracking, reports: startTrackerReportIntake(tracking, metrics) }
        : null;
      registerTrackingRoutes(routes, trackingRoutes, log);
      const shipmentTracking = tracking
        ? await startShipmentTracking(tracking, {
            pollMs: config.TRACKING_POLL_MS,
            reconcileEveryMs: config.TRACKING_RECONCILE_EVERY_MS,
          })
        : null;
      const markShipped = serveMarkShipped(deps);
      const correctOrder = serveCorrectOrder(deps);
      const workers = await startJobWorkers(
        nats,
        queue,
        config.SYNC_CONCURRENCY,
        (job, control) => runSyncJob(deps, job, control),
        log,
      );
      return {
        stop: async () => {
          markShipped.unsubscribe();
          correctOrder.unsubscribe();
          // HTTP has drained: every Event is answered; its batch's report times are written.
          await trackingRoutes?.reports.stop();
          await shipmentTracking?.stop();
          await workers.stop();
          // Last: the workers and the command above may still ask for a message while stopping.
          await notices.stop();
        },
      };
    },
  });
}
