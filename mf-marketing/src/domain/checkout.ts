import {
  authValidationMessages,
  type BodyOf,
  type PlanView,
  type ResponseOf,
  type createCheckout,
  type SubscriptionView,
} from '@onvelope/contracts';
import {
  ApiError,
  billingDestination,
  billingPaths,
  clientMessages,
  signInReturningTo,
  type ConsentRecord,
} from '@onvelope/ui';

/** What the checkout needs from the outside world, so its steps are tested without a browser. */
export interface CheckoutPort {
  /** A seller is signed in (a live merchant token). */
  signedIn: () => boolean;
  /** GET /api/payments/subscription */
  subscription: () => Promise<SubscriptionView>;
  /** POST /api/payments/checkout */
  createCheckout: (
    body: BodyOf<typeof createCheckout>,
  ) => Promise<Partial<ResponseOf<typeof createCheckout>>>;
}

export interface CheckoutRequest {
  plan: PlanView;
  /** The consent given in the modal just now; none when it is already on file. */
  consent?: ConsentRecord;
  /** The site's origin, for Stripe's return addresses. */
  origin: string;
  /** The pricing page's own path and query, to come back to after signing in. */
  returnTo: string;
}

/** Where a Subscribe click leads. */
export type CheckoutStep =
  | { kind: 'sign-in'; to: string }
  | { kind: 'consent' }
  | { kind: 'pay'; url: string }
  | { kind: 'failed'; message: string; sessionRefused: boolean };

/**
 * spec 001 §4 "Checkout": not signed in → the sign-in page, coming back here; no consent on file →
 * the consent modal; then POST /api/payments/checkout and Stripe's page. Failures are worded as
 * spec 001 §8 says.
 */
export async function checkoutStep(
  port: CheckoutPort,
  request: CheckoutRequest,
): Promise<CheckoutStep> {
  if (!port.signedIn()) return { kind: 'sign-in', to: signInReturningTo(request.returnTo) };
  try {
    if (!request.consent && !(await port.subscription()).consentOnFile) return { kind: 'consent' };
    const answer = await port.createCheckout({
      priceId: request.plan.stripePriceId,
      successUrl: request.origin + billingPaths.checkoutSucceeded,
      cancelUrl: request.origin + billingPaths.checkoutCancelled,
      ...(request.consent ? { consent: request.consent } : {}),
    });
    const url = billingDestination(answer.url);
    return url ? { kind: 'pay', url } : failed(clientMessages.checkoutSessionFailed);
  } catch (error) {
    // The terms changed between reading the subscription and paying: ask, as for a first time.
    if (!request.consent && isConsentRefusal(error)) return { kind: 'consent' };
    return failed(checkoutFailureMessage(error), error instanceof ApiError && error.status === 401);
  }
}

/**
 * spec 001 §8: 'Authentication required' (401), the server's error ('Payment processing is
 * temporarily unavailable...', the consent refusal), else 'HTTP {status}: {text}' (the client's
 * own wording of an answer without one); no answer at all: 'Failed to start checkout process'.
 */
export function checkoutFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.isNetworkFailure) {
    return clientMessages.checkoutStartFailed;
  }
  if (error.status === 401) return clientMessages.checkoutAuthRequired;
  return error.serverMessage ?? error.message;
}

function isConsentRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    error.serverMessage === authValidationMessages.termsRequired
  );
}

function failed(message: string, sessionRefused = false): CheckoutStep {
  return { kind: 'failed', message, sessionRefused };
}
