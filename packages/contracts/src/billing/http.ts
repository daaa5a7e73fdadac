import { routeOwnedBy } from '../route.js';

const route = routeOwnedBy('svc-billing');

export const listPlans = route(
  'GET',
  '/api/payments/plans',
  'public',
  'spec-001',
  'Subscription plans',
);

export const createCheckout = route(
  'POST',
  '/api/payments/checkout',
  'merchant',
  'spec-001',
  'Start a Stripe checkout',
);

export const createPaymentIntent = route(
  'POST',
  '/api/payments/payment-intent',
  'merchant',
  'spec-001',
  'Create a payment intent',
);

export const getSubscription = route(
  'GET',
  '/api/payments/subscription',
  'merchant',
  'spec-001',
  'Subscription state',
);

// Authenticated by the Stripe signature header, not by a bearer token.
export const stripeWebhook = route(
  'POST',
  '/api/payments/webhook',
  'public',
  'implied',
  'Stripe webhook',
  {
    streaming: 'request',
  },
);

/** Every svc-billing call, each also exported by name. */
export const billingRoutes = [
  listPlans,
  createCheckout,
  createPaymentIntent,
  getSubscription,
  stripeWebhook,
];
