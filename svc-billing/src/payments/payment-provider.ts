import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { HttpError } from '@onvelope/service-kit/errors';
import type { BillingConfig } from '../config.js';

export interface CheckoutRequest {
  customerId: string;
  priceId: string;
  accountId: string;
  planId: string;
  successUrl: string;
  cancelUrl: string;
  /** The first charge waits until then (what is left of the free trial). */
  trialEnd: Date | null;
}

/**
 * What svc-billing asks of a card payment provider. Stripe is the one there is (CONVENTIONS:
 * extension points); a second provider implements the same calls.
 */
export interface PaymentProvider {
  /** stripe-mock: no hosted pages and no webhooks, so svc-billing serves local stand-ins. */
  readonly isMock: boolean;
  createCustomer(accountId: string, email: string | null): Promise<string>;
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string | null }>;
  /** Closes an open checkout session so that it can no longer be paid. */
  expireCheckout(sessionId: string): Promise<void>;
  /** Cancels a subscription now, crediting the unused time to the customer's balance. */
  cancelSubscription(subscriptionId: string, reason: string): Promise<void>;
  createPortal(customerId: string, returnUrl: string): Promise<{ id: string; url: string }>;
  createPaymentIntent(
    customerId: string,
    amount: number,
    currency: 'gbp',
  ): Promise<{ id: string; clientSecret: string; status: string }>;
  /** The event of a webhook body, after checking its signature (throws when it does not match). */
  verifyWebhook(rawBody: Buffer, signature: string): unknown;
  /** A signature header for `payload`, as Stripe would send it (local stand-ins and tests). */
  signWebhook(payload: string): string;
}

/** Stripe's smallest gap between now and a subscription's trial end accepted by Checkout. */
/**
 * The Stripe API version every call is made with, pinned rather than left to the SDK's default so
 * an SDK upgrade never changes what Stripe sends us unseen. It is the version of stripe-mock's
 * OpenAPI document (v0.203.0), so the tests exercise what production calls; `stripe-api-version.test.ts`
 * fails when the SDK, this pin and stripe-mock drift apart.
 */
export const stripeApiVersion = '2026-08-26.dahlia';

const minimumTrialMs = 48 * 60 * 60_000;

/** How far a webhook signature's time may be from ours: Stripe's default, five minutes. */
export const webhookToleranceSeconds = 300;

/**
 * The SDK refuses a signature older than the tolerance but not one dated ahead: such a signature
 * would stay replayable until long after it was made. Ahead by more than the tolerance is refused.
 */
export function signedTooFarAhead(signature: string, nowMs: number): boolean {
  const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
  return signedAt - Math.floor(nowMs / 1000) > webhookToleranceSeconds;
}

/**
 * With stripe-mock, nobody but this process signs webhooks: its local pages sign the events they
 * send to its own webhook endpoint. A secret made at start is enough and nobody else knows it
 * (the one that used to be written in the source let anyone sign any event). Processes that must
 * share one (a tool that sends events to the local stack) set STRIPE_WEBHOOK_SECRET alike.
 */
const localWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The Stripe provider, or null when payments are not configured (no key and no stripe-mock):
 * callers then answer 503 with the spec's words.
 */
export function stripeProvider(config: BillingConfig): PaymentProvider | null {
  const mock = config.STRIPE_MOCK_URL ? new URL(config.STRIPE_MOCK_URL) : null;
  const key = config.STRIPE_SECRET_KEY ?? (mock ? 'sk_test_onvelopelocal' : undefined);
  if (!key) return null;
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET ?? (mock ? localWebhookSecret() : undefined);
  const stripe = new Stripe(key, {
    apiVersion: stripeApiVersion,
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(mock
      ? {
          host: mock.hostname,
          port: Number(mock.port),
          protocol: mock.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  return {
    isMock: mock !== null,
    async createCustomer(accountId, email) {
      const customer = await stripe.customers.create(
        { ...(email ? { email } : {}), metadata: { accountId } },
        // One customer per account even when two checkouts start at once.
        { idempotencyKey: `onvelope-customer-${accountId}` },
      );
      return customer.id;
    },
    async createCheckout(request) {
      const trialEnd =
        request.trialEnd && request.trialEnd.getTime() - Date.now() > minimumTrialMs
          ? Math.floor(request.trialEnd.getTime() / 1000)
          : undefined;
      const metadata = { accountId: request.accountId, planId: request.planId };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: request.customerId,
        client_reference_id: request.accountId,
        line_items: [{ price: request.priceId, quantity: 1 }],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata,
        subscription_data: { metadata, ...(trialEnd ? { trial_end: trialEnd } : {}) },
      });
      return { id: session.id, url: session.url };
    },
    async expireCheckout(sessionId) {
      await stripe.checkout.sessions.expire(sessionId);
    },
    async cancelSubscription(subscriptionId, reason) {
      // `prorate` + `invoice_now`: the unused time becomes a credit the next invoices use up.
      await stripe.subscriptions.cancel(subscriptionId, {
        prorate: true,
        invoice_now: true,
        cancellation_details: { comment: reason },
      });
    },
    async createPortal(customerId, returnUrl) {
      const portal = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return { id: portal.id, url: portal.url };
    },
    async createPaymentIntent(customerId, amount, currency) {
      const intent = await stripe.paymentIntents.create({
        amount,
        currency,
        customer: customerId,
        automatic_payment_methods: { enabled: true },
      });
      return { id: intent.id, clientSecret: intent.client_secret ?? '', status: intent.status };
    },
    verifyWebhook(rawBody, signature) {
      if (!webhookSecret) throw new HttpError(503, 'Stripe webhooks are not configured');
      const event = stripe.webhooks.constructEvent(
        rawBody,
        signature,
        webhookSecret,
        webhookToleranceSeconds,
      );
      if (signedTooFarAhead(signature, Date.now())) {
        throw new Error('Timestamp outside the tolerance zone');
      }
      return event;
    },
    signWebhook(payload) {
      if (!webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      return stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    },
  };
}
