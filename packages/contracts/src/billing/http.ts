import { routeOwnedBy } from '../route.js';
import {
  checkoutRequest,
  checkoutResponse,
  localCheckoutParams,
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
  { schemas: { body: checkoutRequest, response: checkoutResponse } },
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
  { streaming: 'request', schemas: { response: webhookResponse } },
);

// The four calls below exist only while Stripe is stripe-mock (local runs and tests): stripe-mock
// hosts no checkout or portal page and sends no webhooks, so svc-billing stands in for both pages
// and sends the signed webhooks Stripe would. Anywhere else they answer 404.
export const localCheckoutPage = route(
  'GET',
  '/api/payments/local-checkout/{sessionId}',
  'public',
  'implied',
  'Local stand-in for the Stripe-hosted checkout page (stripe-mock only)',
  { schemas: { params: localCheckoutParams } },
);

export const completeLocalCheckout = route(
  'POST',
  '/api/payments/local-checkout/{sessionId}/complete',
  'public',
  'implied',
  'Pay on the local checkout page: sends the signed webhooks (stripe-mock only)',
  { schemas: { params: localCheckoutParams } },
);

export const localPortalPage = route(
  'GET',
  '/api/payments/local-portal/{portalId}',
  'public',
  'implied',
  'Local stand-in for the Stripe customer portal (stripe-mock only)',
  { schemas: { params: localPortalParams } },
);

export const cancelInLocalPortal = route(
  'POST',
  '/api/payments/local-portal/{portalId}/cancel',
  'public',
  'implied',
  'Cancel in the local customer portal: sends the signed webhook (stripe-mock only)',
  { schemas: { params: localPortalParams } },
);

/** Every svc-billing call, each also exported by name. */
export const billingRoutes = [
  listPlans,
  createCheckout,
  createPaymentIntent,
  getSubscription,
  stripeWebhook,
  localCheckoutPage,
  completeLocalCheckout,
  localPortalPage,
  cancelInLocalPortal,
];
