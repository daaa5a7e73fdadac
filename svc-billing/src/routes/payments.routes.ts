import {
  createCheckout as createCheckoutRoute,
  createPaymentIntent as createPaymentIntentRoute,
  getSubscription as getSubscriptionRoute,
  listPlans,
  stripeWebhook,
} from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { badRequest, HttpError } from '@onvelope/service-kit/errors';
import { callerOf } from '@onvelope/service-kit/auth';
import { readRawBody, type ServiceRoutes } from '@onvelope/service-kit/http';
import type { BillingDeps } from '../deps.js';
import { stripeEvent } from '../domain/stripe-objects.js';
import { createCheckout } from '../use-cases/create-checkout.js';
import { createPaymentIntent } from '../use-cases/create-payment-intent.js';
import { getSubscription } from '../use-cases/get-subscription.js';
import { handleStripeEvent } from '../use-cases/handle-stripe-event.js';
import { paymentsOf } from '../use-cases/payments-available.js';

/** Stripe's events are a few kilobytes; anything near this is not one. */
const maxWebhookBytes = 512 * 1024;

export const webhookMessages = {
  missingSignature: 'Missing Stripe-Signature header',
  badSignature: 'Stripe signature verification failed',
  notAnEvent: 'The body is not a Stripe event',
} as const;

export function registerPaymentRoutes(routes: ServiceRoutes, deps: BillingDeps) {
  routes.handle(listPlans, async () => ({ success: true as const, plans: deps.catalogue.plans }));

  routes.handle(createCheckoutRoute, async (ctx, { body }) =>
    createCheckout(deps, callerOf(ctx).accountId, body, ctx.ip),
  );

  routes.handle(createPaymentIntentRoute, async (ctx, { body }) =>
    createPaymentIntent(deps, callerOf(ctx).accountId, body),
  );

  routes.handle(getSubscriptionRoute, async (ctx, { query }) =>
    getSubscription(deps, callerOf(ctx).accountId, { withPortal: query.portal !== 'omit' }),
  );

  routes.handle(stripeWebhook, async (ctx) => {
    const payments = paymentsOf(deps);
    const signature = ctx.get('stripe-signature');
    if (!signature) throw badRequest(webhookMessages.missingSignature);
    const rawBody = await readRawBody(ctx, maxWebhookBytes);
    let verified: unknown;
    try {
      verified = payments.verifyWebhook(rawBody, signature);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw badRequest(webhookMessages.badSignature);
    }
    const event = stripeEvent.safeParse(verified);
    if (!event.success) throw badRequest(webhookMessages.notAnEvent);
    const outcome = await handleStripeEvent(deps, event.data);
    // The request's own logger carries its request id.
    const log = (ctx.state.log as Logger | undefined) ?? deps.log;
    log.info({ eventId: event.data.id, type: event.data.type, outcome }, 'Stripe event');
    return { received: true as const };
  });
}
