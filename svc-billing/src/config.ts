import { z } from 'zod';
import { refuseSimulatorsInProduction, serviceConfigSchema } from '@onvelope/service-kit/config';

export const configSchema = serviceConfigSchema(
  { port: 4004, database: 'onvelope_billing' },
  {
    /** Stripe's secret key. Without it (and without stripe-mock) payments answer 503. */
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    /**
     * The official stripe-mock: Stripe calls go there, and the local checkout and portal pages are
     * served (stripe-mock hosts neither and sends no webhooks). Never set in production.
     */
    STRIPE_MOCK_URL: z.url().optional(),
    /** The signing secret of the webhook endpoint (`whsec_...`); a local one with stripe-mock. */
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_PRICE_PRO_MONTHLY: z.string().min(1).default('price_pro_monthly'),
    STRIPE_PRICE_PRO_YEARLY: z.string().min(1).default('price_pro_yearly'),
    /** Where Stripe's customer portal sends the seller back to. */
    PUBLIC_SITE_URL: z.url().default('http://localhost:8080'),
    /** How long a seller whose payment failed keeps the workspace (see the README). */
    PAST_DUE_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
    /** The outbox relay's safety net: how often it looks for unpublished billing states unasked. */
    RELAY_INTERVAL_MS: z.coerce.number().int().positive().default(15_000),
    /** How often the trial notice sweep looks for trials two days from their end or just ended. */
    TRIAL_NOTICE_SWEEP_MS: z.coerce.number().int().positive().default(60_000),
    NODE_ENV: z.string().default('development'),
    /**
     * End-to-end tests only: trials this many seconds long instead of the spec's 7 days, so a test
     * can watch one end. Refused in production.
     */
    TRIAL_SECONDS_FOR_TESTS: z.coerce.number().int().positive().optional(),
  },
).superRefine((config, context) => {
  refuseSimulatorsInProduction(config, context, { STRIPE_MOCK_URL: null });
  if (config.NODE_ENV === 'production' && config.TRIAL_SECONDS_FOR_TESTS !== undefined) {
    context.addIssue({
      code: 'custom',
      path: ['TRIAL_SECONDS_FOR_TESTS'],
      message: 'is for tests and never set in production',
    });
  }
});

export type BillingConfig = z.infer<typeof configSchema>;
