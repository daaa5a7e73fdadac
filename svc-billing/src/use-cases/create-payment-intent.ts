import type {
  BodyOf,
  createPaymentIntent as createPaymentIntentRoute,
  ResponseOf,
} from '@onvelope/contracts';
import type { BillingDeps } from '../deps.js';
import { billingAccountOf, stripeCustomerOf } from './billing-account.js';
import { askProvider, paymentsOf } from './payments-available.js';

/**
 * Spec 001 §7 POST /api/payments/payment-intent: a card payment of `amount` pence for the seller's
 * Stripe customer; the screen confirms it with Stripe using the client secret.
 */
export async function createPaymentIntent(
  deps: BillingDeps,
  accountId: string,
  { amount, currency }: BodyOf<typeof createPaymentIntentRoute>,
): Promise<ResponseOf<typeof createPaymentIntentRoute>> {
  const payments = paymentsOf(deps);
  const customerId = await stripeCustomerOf(deps, await billingAccountOf(deps, accountId));
  const intent = await askProvider(deps, () =>
    payments.createPaymentIntent(customerId, amount, currency),
  );
  return {
    success: true,
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    amount,
    currency,
    status: intent.status,
  };
}
