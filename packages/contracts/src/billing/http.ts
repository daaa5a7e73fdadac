import { routeOwnedBy } from '../route.js';

const route = routeOwnedBy('svc-billing');

export const billingRoutes = [
  route('GET', '/api/payments/plans', 'public', 'spec-001', 'Subscription plans'),
  route('POST', '/api/payments/checkout', 'merchant', 'spec-001', 'Start a Stripe checkout'),
  route('POST', '/api/payments/payment-intent', 'merchant', 'spec-001', 'Create a payment intent'),
  route('GET', '/api/payments/subscription', 'merchant', 'spec-001', 'Subscription state'),
  // Authenticated by the Stripe signature header, not by a bearer token.
  route('POST', '/api/payments/webhook', 'public', 'implied', 'Stripe webhook', {
    streaming: 'request',
  }),
];
