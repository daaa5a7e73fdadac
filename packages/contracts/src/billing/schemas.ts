import { z } from 'zod';
import { consentRecord, planIdField } from '../auth/schemas.js';
import { plainText, textField } from '../text.js';
import { accessReasons, subscriptionStatuses } from './access.js';

/** Spec 001 §3 "Plan", with the Stripe price a checkout of it uses. */
export const planView = z.object({
  id: planIdField,
  name: z.string(),
  price: z.number().int().nonnegative(),
  currency: z.literal('gbp'),
  interval: z.enum(['month', 'year']),
  features: z.array(z.string()),
  stripePriceId: z.string(),
});
export type PlanView = z.infer<typeof planView>;

export const plansResponse = z.object({ success: z.literal(true), plans: z.array(planView) });

const returnUrl = (name: string) =>
  z
    .url({ protocol: /^https?$/, error: `${name} must be an http or https address` })
    .max(2_000, `${name} is too long`)
    .check(plainText());

export const checkoutRequest = z.object({
  priceId: textField().min(1, 'Choose a plan').max(200),
  successUrl: returnUrl('successUrl'),
  cancelUrl: returnUrl('cancelUrl'),
  consent: consentRecord.optional(),
});
export const checkoutResponse = z.object({
  success: z.literal(true),
  url: z.string(),
  message: z.string(),
});

/** Stripe's smallest charge in pence is 30p; the largest a card payment here may ask is £10,000. */
export const paymentIntentRequest = z.object({
  amount: z
    .number({ error: 'amount must be a whole number of pence' })
    .int('amount must be a whole number of pence')
    .min(30, 'amount must be at least 30 pence')
    .max(1_000_000, 'amount must be at most 1000000 pence'),
  currency: z.literal('gbp', { error: 'currency must be gbp' }).default('gbp'),
});
export const paymentIntentResponse = z.object({
  success: z.literal(true),
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  amount: z.number().int(),
  currency: z.literal('gbp'),
  status: z.string(),
});

export const subscriptionView = z.object({
  plan: planIdField.nullable(),
  planName: z.string().nullable(),
  status: z.enum(subscriptionStatuses),
  /** Why the workspace is closed, when it is (the pricing page's `reason`). */
  reason: z.enum(accessReasons).nullable(),
  trialEnd: z.iso.datetime().nullable(),
  currentPeriodEnd: z.iso.datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** While past due: the workspace closes at this moment unless a payment succeeds. */
  graceUntil: z.iso.datetime().nullable(),
  /** Whether the seller has agreed to the current terms (else checkout asks first). */
  consentOnFile: z.boolean(),
  /**
   * Stripe's customer portal (change card, invoices, cancel), or null before any checkout or when
   * the query says `portal=omit`.
   */
  portalUrl: z.string().nullable(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

/**
 * `portal=omit` leaves the customer-portal link out: making one is a call to Stripe, which screens
 * that only show the state (the dashboard header, a checkout's consent check) do not need.
 */
export const subscriptionQuery = z.object({
  portal: z.enum(['include', 'omit'], { error: 'portal must be include or omit' }).optional(),
});

export const subscriptionResponse = z.object({
  success: z.literal(true),
  subscription: subscriptionView,
});

export const webhookResponse = z.object({ received: z.literal(true) });

export const localCheckoutParams = z.object({ sessionId: z.string().min(1).max(200) });
export const localPortalParams = z.object({ portalId: z.string().min(1).max(200) });

/** A local page's content, rendered (and escaped) by svc-billing for its owner. */
export const localPageView = z.object({ html: z.string() });
/** Where the browser goes after a local page's button did its work. */
export const localPageAction = z.object({ redirectTo: z.string() });

/**
 * What the local customer portal adds to its return address after the seller cancelled there
 * (`/account-settings?billing=cancelled`): account settings confirm the outcome, then drop it.
 */
export const portalReturnQuery = { name: 'billing', cancelled: 'cancelled' } as const;
