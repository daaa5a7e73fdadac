import { HttpError } from '@onvelope/service-kit/errors';
import type { BillingDeps } from '../deps.js';
import type { PaymentProvider } from '../payments/payment-provider.js';

/** Spec 001 §8: the words when the payment key is not configured. */
export const paymentsUnavailable =
  'Payment processing is temporarily unavailable. Please try again later.';

/** The payment provider, or 503 with the spec's words when payments are not configured. */
export function paymentsOf(deps: BillingDeps): PaymentProvider {
  if (!deps.payments) throw new HttpError(503, paymentsUnavailable);
  return deps.payments;
}

/**
 * Runs a call to the payment provider; its failure (Stripe down, refused) is the provider's, not
 * the seller's: 502 with the spec's words, the cause in the log.
 */
export async function askProvider<T>(deps: BillingDeps, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    deps.log.error({ err: error }, 'payment provider call failed');
    throw new HttpError(502, paymentsUnavailable);
  }
}
