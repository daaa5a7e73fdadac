import { billingAccessChanged } from '@onvelope/contracts';
import { type Env } from '@onvelope/service-kit/config';
import { ensureStream } from '@onvelope/service-kit/nats';
import { markedBacklog, startOutboxRelay } from '@onvelope/service-kit/outbox';
import { startSellerNotices } from '@onvelope/service-kit/seller-notices';
import { createService } from '@onvelope/service-kit/http';
import { configSchema } from './config.js';
import { billingModels, type BillingDeps } from './deps.js';
import { planCatalogue } from './domain/plan-catalogue.js';
import { trialLengthMs } from './domain/trial.js';
import { serveStartTrial } from './events/start-trial.command.js';
import { stripeProvider } from './payments/payment-provider.js';
import { registerLocalStripeRoutes } from './routes/local-stripe.routes.js';
import { registerPaymentRoutes } from './routes/payments.routes.js';
import { publishPendingStates } from './use-cases/billing-state.js';
import { localStripe } from './use-cases/local-stripe.js';
import { startTrialNoticeSweep } from './use-cases/sweep-trial-notices.js';

export { configSchema } from './config.js';

/** What a test may put in place of the real thing. */
export interface BillingServiceOverrides {
  now?: () => Date;
}

export function startBillingService(env: Env, overrides: BillingServiceOverrides = {}) {
  return createService({
    name: 'svc-billing',
    env,
    configSchema,
    setup: async ({ config, db, nats, log, routes }) => {
      const models = billingModels(db);
      await Promise.all(Object.values(models).map((model) => model.syncIndexes()));
      await ensureStream(nats, billingAccessChanged.stream);
      const payments = stripeProvider(config);
      if (!payments) log.warn('STRIPE_SECRET_KEY is not set: payment calls answer 503');
      if (payments?.isMock) log.info('Stripe is stripe-mock: local checkout and portal pages on');
      if (payments?.isMock && !config.STRIPE_WEBHOOK_SECRET) {
        log.info(
          'STRIPE_WEBHOOK_SECRET is not set: this process signs its local webhooks with a secret of its own',
        );
      }
      // The outbox relay: billing states a failed publish left behind reach the stream later.
      const publishing = { accounts: models.accounts, nats, graceDays: config.PAST_DUE_GRACE_DAYS };
      const billingStateRelay = startOutboxRelay({
        name: 'billing states',
        publishPending: ({ signal }) => publishPendingStates(publishing, signal),
        // A change stamps `updatedAt` as it marks the account: the oldest mark is the oldest change.
        backlog: () =>
          markedBacklog(models.accounts.collection, { pendingPublish: true }, 'updatedAt'),
        nats,
        log,
        everyMs: config.RELAY_INTERVAL_MS,
      });
      const now = overrides.now ?? (() => new Date());
      // What svc-notify is asked to mail the seller: stored here, published by its own relay.
      const sellerNotices = await startSellerNotices({
        db,
        nats,
        log,
        now,
        everyMs: config.RELAY_INTERVAL_MS,
      });
      const deps: BillingDeps = {
        ...models,
        nats,
        billingStateRelay,
        log,
        sellerNotices,
        payments,
        catalogue: planCatalogue({
          pro_monthly: config.STRIPE_PRICE_PRO_MONTHLY,
          pro_yearly: config.STRIPE_PRICE_PRO_YEARLY,
        }),
        graceDays: config.PAST_DUE_GRACE_DAYS,
        trialLengthMs: config.TRIAL_SECONDS_FOR_TESTS
          ? config.TRIAL_SECONDS_FOR_TESTS * 1000
          : trialLengthMs,
        publicSiteUrl: config.PUBLIC_SITE_URL,
        now,
      };
      registerPaymentRoutes(routes, deps);
      registerLocalStripeRoutes(routes, localStripe(deps));
      const startTrial = serveStartTrial(deps);
      const trialNoticeSweep = startTrialNoticeSweep(deps, config.TRIAL_NOTICE_SWEEP_MS);

      return {
        stop: async () => {
          await trialNoticeSweep.stop();
          await startTrial.drain();
          await sellerNotices.stop();
          await billingStateRelay.stop();
        },
      };
    },
  });
}
