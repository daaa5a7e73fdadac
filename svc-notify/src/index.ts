import { type Env } from '@onvelope/service-kit/config';
import { followBillingAccess } from '@onvelope/service-kit/billing';
import { createService } from '@onvelope/service-kit/http';
import { runAtLowerPriority } from '@onvelope/service-kit/work';
import { createSmtpMailer, type Mailer } from '@onvelope/service-kit/mail';
import {
  bounceTlsFilesOf,
  configSchema,
  unsubscribeSecretOf,
  webhookSecretKeysOf,
  webhookUrlPolicyOf,
} from './config.js';
import { entryProgressModel } from './data/entry-progress.model.js';
import { notificationModel } from './data/notification.model.js';
import { notificationSettingsModel } from './data/notification-settings.model.js';
import { sellerModel } from './data/seller.model.js';
import { suppressionModel } from './data/suppression.model.js';
import { webhookDeliveryModel } from './data/webhook-delivery.model.js';
import { webhookEndpointModel } from './data/webhook-endpoint.model.js';
import { consumeNotifyEvents } from './events/consumers.js';
import { consumeWebhookEvents } from './events/webhook-consumers.js';
import { registerNotifyRoutes } from './routes/notify.routes.js';
import { registerWebhookRoutes } from './routes/webhooks.routes.js';
import { bounceAddressFor } from './domain/bounce-address.js';
import { startBounceIntake, type BounceIntake } from './use-cases/bounce-intake.js';
import { startDigestScheduler } from './use-cases/daily-digest.js';
import { recordBounce } from './use-cases/record-bounce.js';
import { recordComplaint } from './use-cases/record-complaint.js';
import { sellerFactsReader } from './use-cases/seller-facts.js';
import { createWebhookClient, resolveWithDns, type ResolveHost } from './use-cases/post-webhook.js';
import { startSender } from './use-cases/sender.js';
import { resealWebhookSecrets } from './use-cases/webhook-secrets.js';
import { startWebhookSender } from './use-cases/webhook-sender.js';
import { watchBacklog } from './use-cases/backlog-metrics.js';

export { configSchema } from './config.js';
export { signUnsubscribeToken, verifyUnsubscribeToken } from './domain/unsubscribe-token.js';
export { bounceAddressFor } from './domain/bounce-address.js';

/**
 * What tests may replace: the clock (the daily digest's 08:00 too), the mailer, and how webhook
 * hosts resolve (a name that resolves to 127.0.0.1, or changes its answer: rebinding).
 */
export interface NotifyOverrides {
  /**
   * The process is the service's alone (`main.ts`): it runs at `NOTIFY_CPU_NICE`. Tests start the
   * service inside their own process and keep its priority.
   */
  ownProcess?: boolean;
  now?: () => Date;
  mailer?: Mailer;
  resolveHost?: ResolveHost;
}

/**
 * svc-notify: the one owner of messages to people (ARCHITECTURE). Issue 34's slice: buyer
 * messages at the shipping milestones, decided from orders' events into an outbox, sent by a
 * leased loop, with the seller's settings, preview, test, history, suppressions and unsubscribe;
 * the buyer messages other services ask for (the seller's reply to a query); and the seller's own
 * messages other services ask for (buyers' queries, alone or in a daily digest, billing and
 * store-front notices). Issue 35: the seller's outgoing webhooks (everything the product sends
 * out is sent from here), fanned out from the same events into a delivery queue of their own.
 */
export function startNotifyService(env: Env, overrides: NotifyOverrides = {}) {
  return createService({
    name: 'svc-notify',
    env,
    configSchema,
    setup: async ({ config, db, nats, log, routes, metrics }) => {
      if (overrides.ownProcess) runAtLowerPriority(config.NOTIFY_CPU_NICE, 'process');
      const now = overrides.now ?? (() => new Date());
      const notifications = notificationModel(db);
      const settings = notificationSettingsModel(db);
      const suppressions = suppressionModel(db);
      const progress = entryProgressModel(db);
      const sellerDocs = sellerModel(db);
      const endpoints = webhookEndpointModel(db);
      const deliveries = webhookDeliveryModel(db);
      await Promise.all(
        [notifications, settings, suppressions, progress, sellerDocs, endpoints, deliveries].map(
          (model) => model.syncIndexes(),
        ),
      );
      const unsubscribeSecret = unsubscribeSecretOf(config);
      const bounceAddress = config.BOUNCE_ADDRESS;
      if (!config.WEBHOOK_SECRETS_KEY) {
        log.warn('WEBHOOK_SECRETS_KEY is not set: using the development key (never in production)');
      }
      const webhookSecrets = webhookSecretKeysOf(config);
      await resealWebhookSecrets(endpoints, webhookSecrets, log);
      const sellers = sellerFactsReader({
        sellers: sellerDocs,
        nats,
        log,
        askTimeoutMs: config.ASK_TIMEOUT_MS,
        now,
      });
      const billing = await followBillingAccess(nats, log);
      const mailer =
        overrides.mailer ?? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
      const outcomes = metrics.counter({
        name: 'notifications_total',
        help: 'Buyer, test and seller messages by what became of them',
        labelNames: ['outcome'],
      });
      const sender = startSender({
        notifications,
        settings,
        suppressions,
        sellers,
        billing,
        mailer,
        compose: {
          publicSiteUrl: config.PUBLIC_SITE_URL,
          unsubscribeSecret,
          unsubscribeMailto: config.UNSUBSCRIBE_MAILTO,
          nats,
          askTimeoutMs: config.ASK_TIMEOUT_MS,
          itemsShown: config.ITEMS_SHOWN,
        },
        log,
        now,
        everyMs: config.SEND_EVERY_MS,
        concurrency: config.SEND_CONCURRENCY,
        leaseMs: config.SEND_LEASE_MS,
        retryBaseMs: config.SEND_RETRY_BASE_MS,
        retryMaxMs: config.SEND_RETRY_MAX_MS,
        giveUpAfterMs: config.SEND_GIVE_UP_AFTER_MS,
        addressRecheckMs: config.SELLER_ADDRESS_RECHECK_MS,
        ...(bounceAddress
          ? {
              envelopeSenderOf: (id: string) =>
                bounceAddressFor(unsubscribeSecret, bounceAddress, id),
            }
          : {}),
        counted: (outcome) => outcomes.inc({ outcome }),
      });
      const queued = () => sender.kick();
      const webhookClient = createWebhookClient({
        policy: webhookUrlPolicyOf(config),
        resolve: overrides.resolveHost ?? resolveWithDns,
        timeoutMs: config.WEBHOOK_TIMEOUT_MS,
        readLimitBytes: config.WEBHOOK_READ_LIMIT_BYTES,
        excerptChars: 1_000,
      });
      const webhookOutcomes = metrics.counter({
        name: 'webhook_deliveries_total',
        help: 'Webhook delivery tries by what became of them',
        labelNames: ['outcome'],
      });
      const webhookSender = startWebhookSender({
        deliveries,
        endpoints,
        client: webhookClient,
        secrets: webhookSecrets,
        notices: { notifications, settings, now, queued },
        log,
        now,
        everyMs: config.WEBHOOK_SEND_EVERY_MS,
        concurrency: config.WEBHOOK_CONCURRENCY,
        claimSpacing: config.WEBHOOK_CLAIM_SPACING,
        leaseMs: config.WEBHOOK_LEASE_MS,
        retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
        retryMaxMs: config.WEBHOOK_RETRY_MAX_MS,
        giveUpAfterMs: config.WEBHOOK_GIVE_UP_AFTER_MS,
        disableAfterMs: config.WEBHOOK_DISABLE_AFTER_MS,
        timeoutMs: config.WEBHOOK_TIMEOUT_MS,
        counted: (outcome) => webhookOutcomes.inc({ outcome }),
      });
      const webhooksQueued = () => webhookSender.kick();
      watchBacklog(metrics, { notifications, deliveries, now });
      const digests = startDigestScheduler({
        notifications,
        settings,
        sellers,
        log,
        now,
        queued,
        everyMs: config.DIGEST_EVERY_MS,
      });
      registerNotifyRoutes(routes, {
        notifications,
        settings,
        suppressions,
        sellers,
        sendTest: { notifications, sellers, now, perHour: config.TEST_MAILS_PER_HOUR, queued },
        unsubscribe: { secret: unsubscribeSecret, suppressions, sellers, now },
        preview: {
          settings,
          sellers,
          secret: unsubscribeSecret,
          publicSiteUrl: config.PUBLIC_SITE_URL,
          itemsShown: config.ITEMS_SHOWN,
          now,
        },
        now,
      });
      registerWebhookRoutes(routes, {
        endpoints: {
          endpoints,
          deliveries,
          client: webhookClient,
          now,
          secrets: webhookSecrets,
          previousSecretValidMs: config.WEBHOOK_PREVIOUS_SECRET_MS,
          maxEndpoints: config.WEBHOOK_MAX_ENDPOINTS,
        },
        deliveries: { endpoints, deliveries, now, queued: webhooksQueued },
      });
      let bounceIntake: BounceIntake | null = null;
      const stopWorkers = async () => {
        await bounceIntake?.stop();
        await webhookSender.stop();
        webhookClient.close();
        await digests.stop();
        await sender.stop();
        await billing.stop();
        mailer.close();
      };
      if (bounceAddress && config.BOUNCE_SMTP_PORT !== undefined) {
        bounceIntake = await startBounceIntake({
          port: config.BOUNCE_SMTP_PORT,
          host: config.BOUNCE_SMTP_HOST,
          bounceAddress,
          secret: unsubscribeSecret,
          maxBytes: config.BOUNCE_MAX_BYTES,
          tlsFiles: bounceTlsFilesOf(config),
          record: (id, bounce) =>
            recordBounce({ notifications, suppressions, log, now }, id, bounce),
          recordComplaint: (subjects, detail) =>
            recordComplaint({ notifications, suppressions, log, now }, subjects, detail),
          log,
        }).catch(async (error: unknown) => {
          await stopWorkers();
          throw error;
        });
      }
      const consumers = await consumeNotifyEvents(nats, {
        plan: {
          notifications,
          progress,
          settings,
          suppressions,
          billing,
          log,
          now,
          pastMilestoneDays: config.PAST_MILESTONE_DAYS,
          itemsShown: config.ITEMS_SHOWN,
          queued,
        },
        notices: { notifications, settings, now, queued },
        buyerNotices: { notifications, now, queued },
        sellers,
        log,
      }).catch(async (error: unknown) => {
        await stopWorkers();
        throw error;
      });
      const webhookConsumers = await consumeWebhookEvents(nats, {
        endpoints,
        deliveries,
        now,
        queued: webhooksQueued,
        log,
      }).catch(async (error: unknown) => {
        await consumers.stop();
        await stopWorkers();
        throw error;
      });
      return {
        stop: async () => {
          await webhookConsumers.stop();
          await consumers.stop();
          await stopWorkers();
        },
      };
    },
  });
}
