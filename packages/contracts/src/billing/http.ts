import { z } from 'zod';
import { routeOwnedBy } from '../route.js';
import {
  checkoutRequest,
  checkoutResponse,
  localCheckoutParams,
  localPageAction,
  localPageView,
  localPortalParams,
  paymentIntentRequest,
  paymentIntentResponse,
  plansResponse,
  subscriptionQuery,
  subscriptionResponse,
  webhookResponse,
} from './schemas.js';

const route = routeOwnedBy('svc-billing');

export const listPlans = route(
  'GET',
  '/api/payments/plans',
  'public',
  'spec-001',
  'Subscription plans',
  { schemas: { response: plansResponse } },
);

export const createCheckout = route(
  'POST',
  '/api/payments/checkout',
  'merchant',
  'spec-001',
  'Start a Stripe checkout',
  { schemas: { body: checkoutRequest, response: checkoutResponse }, docs: { errors: [409] } },
);

export const createPaymentIntent = route(
  'POST',
  '/api/payments/payment-intent',
  'merchant',
  'spec-001',
  'Create a payment intent',
  { schemas: { body: paymentIntentRequest, response: paymentIntentResponse } },
);

export const getSubscription = route(
  'GET',
  '/api/payments/subscription',
  'merchant',
  'spec-001',
  'Subscription state',
  { schemas: { query: subscriptionQuery, response: subscriptionResponse } },
);

// Authenticated by the Stripe signature header, not by a bearer token; the raw body is signed.
export const stripeWebhook = route(
  'POST',
  '/api/payments/webhook',
  'public',
  'implied',
  'Stripe webhook',
  {
    streaming: 'request',
    schemas: { response: webhookResponse },
    description:
      'Stripe webhook: the raw body is verified against `Stripe-Signature` before anything is read from it (400 when unsigned, forged or not an event).',
    docs: {
      headers: { 'Stripe-Signature': 'Stripe’s signature of the raw body (timestamp and HMAC)' },
      // svc-billing verifies the raw bytes, then reads the event's envelope.
      body: {
        mediaType: 'application/json',
        required: true,
        schema: z
          .object({
            id: z.string(),
            type: z.string(),
            created: z.number().int(),
            data: z.object({ object: z.record(z.string(), z.unknown()) }),
          })
          .loose()
          .meta({ description: 'A Stripe event' }),
      },
    },
  },
);

// The calls below exist only while Stripe is stripe-mock (local runs and tests): stripe-mock hosts
// no checkout or portal page and sends no webhooks, so svc-billing stands in for both pages and
// sends the signed webhooks Stripe would. Anywhere else they answer 404. The browser opens a page
// (public, holding nothing of the seller's); its script (`local-pages.js`) asks for the page's
// content and sends its button with the seller's own session, so only the owner sees or pays.
export const localCheckoutPage = route(
  'GET',
  '/api/payments/local-checkout/{sessionId}',
  'public',
  'implied',
  'Local stand-in for the Stripe-hosted checkout page (stripe-mock only)',
  { schemas: { params: localCheckoutParams }, docs: { answer: { 'text/html': z.string() } } },
);

export const localCheckoutView = route(
  'GET',
  '/api/payments/local-checkout/{sessionId}/view',
  'merchant',
  'implied',
  "The local checkout page's content, for the seller who started it (stripe-mock only)",
  { schemas: { params: localCheckoutParams, response: localPageView } },
);

export const completeLocalCheckout = route(
  'POST',
  '/api/payments/local-checkout/{sessionId}/complete',
  'merchant',
  'implied',
  'Pay on the local checkout page: sends the signed webhooks (stripe-mock only)',
  {
    schemas: { params: localCheckoutParams, response: localPageAction },
    docs: { errors: [409] },
  },
);

export const localPortalPage = route(
  'GET',
  '/api/payments/local-portal/{portalId}',
  'public',
  'implied',
  'Local stand-in for the Stripe customer portal (stripe-mock only)',
  { schemas: { params: localPortalParams }, docs: { answer: { 'text/html': z.string() } } },
);

export const localPortalView = route(
  'GET',
  '/api/payments/local-portal/{portalId}/view',
  'merchant',
  'implied',
  "The local customer portal's content, for the seller it was opened for (stripe-mock only)",
  { schemas: { params: localPortalParams, response: localPageView } },
);

export const cancelInLocalPortal = route(
  'POST',
  '/api/payments/local-portal/{portalId}/cancel',
  'merchant',
  'implied',
  'Cancel in the local customer portal: sends the signed webhook (stripe-mock only)',
  { schemas: { params: localPortalParams, response: localPageAction } },
);

export const localPagesScript = route(
  'GET',
  '/api/payments/local-pages.js',
  'public',
  'implied',
  "The local pages' script: shows and sends them with the seller's session (stripe-mock only)",
  { docs: { answer: { 'text/javascript': z.string() }, errors: [404] } },
);

export const localPagesStyle = route(
  'GET',
  '/api/payments/local-pages.css',
  'public',
  'implied',
  "The local pages' style sheet (stripe-mock only)",
  { docs: { answer: { 'text/css': z.string() }, errors: [404] } },
);

/** Every svc-billing call, each also exported by name. */
export const billingRoutes = [
  listPlans,
  createCheckout,
  createPaymentIntent,
  getSubscription,
  stripeWebhook,
  localCheckoutPage,
  localCheckoutView,
  completeLocalCheckout,
  localPortalPage,
  localPortalView,
  cancelInLocalPortal,
  localPagesScript,
  localPagesStyle,
];
