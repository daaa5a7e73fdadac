import {
  accessReasons,
  currentTermsVersion,
  isSubscribed,
  type AccessReason,
  type BodyOf,
  type completeOnboarding,
  type SubscriptionView,
} from '@onvelope/contracts';
import { browserStores, sessionStorageKeys, type SessionStores } from './session.js';

/**
 * What the pricing page (mf-marketing) and the seller's screens (mf-merchant) share about paying:
 * where a closed workspace sends the seller, where a checkout returns, the destination kept for
 * after the subscription, and the consent both send.
 */

/** spec 001 §2: the pricing page, and where a Stripe checkout returns to. */
export const billingPaths = {
  pricing: '/pricing',
  /** A successful checkout lands here (`successUrl`). */
  checkoutSucceeded: '/dashboard?subscription=success',
  /** A cancelled checkout lands here (`cancelUrl`). */
  checkoutCancelled: '/pricing?subscription=cancelled',
} as const;

/**
 * A Stripe subscription exists (paid, or a payment failed and the grace period runs): changing the
 * plan or the card, or cancelling, is the customer portal's job. A second checkout would start a
 * second subscription, so the screens offer Manage billing instead of Subscribe.
 */
export function hasSubscription(view: Pick<SubscriptionView, 'status'> | null): boolean {
  return view !== null && isSubscribed(view.status);
}

/** Whether `value` is one of the pricing page's reasons (trial_expired, ...). */
export function isAccessReason(value: unknown): value is AccessReason {
  return accessReasons.some((reason) => reason === value);
}

/**
 * Whether `value` is a path on this site that is safe to navigate to after a redirect: it starts
 * with one '/', and holds no backslash, whitespace or control character (browsers read `/\x` and
 * `/<tab>/x` as `//x`, another site).
 *
 * @example isSameSitePath('/analytics?days=30') // true
 * @example isSameSitePath('//evil.example') // false
 */
export function isSameSitePath(value: string | null | undefined): value is string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  return !/[\\\s\u0000-\u001f\u007f]/.test(value) && value.length <= 2000;
}

/** Where a page is, as `window.location` gives it. */
export interface PageLocation {
  pathname: string;
  search: string;
}

/**
 * Where a seller goes when a workspace call answers 402: the pricing page with the reason (its
 * banner) and the page they were on (to come back to after subscribing). Null when they should
 * stay: already on the pricing page (no loop), or just back from a successful checkout, when the
 * services may not have heard of the payment for a moment yet.
 *
 * @example pricingRedirectFor('trial_expired', { pathname: '/analytics', search: '' })
 * // '/pricing?reason=trial_expired&redirect=%2Fanalytics'
 */
export function pricingRedirectFor(reason: AccessReason | null, from: PageLocation): string | null {
  if (from.pathname === billingPaths.pricing) return null;
  if (new URLSearchParams(from.search).get('subscription') === 'success') return null;
  const query = new URLSearchParams();
  if (reason) query.set('reason', reason);
  query.set('redirect', from.pathname + from.search);
  return `${billingPaths.pricing}?${query.toString()}`;
}

/**
 * Keeps the pricing page's `redirect` for after the subscription (spec 001 §2, session storage key
 * `redirectAfterSubscription`). Only a same-site path is kept; returns whether it was.
 */
export function rememberRedirectAfterSubscription(
  path: string | null,
  stores: SessionStores = browserStores(),
): boolean {
  if (!isSameSitePath(path)) return false;
  stores.session.setItem(sessionStorageKeys.redirectAfterSubscription, path);
  return true;
}

/** The kept post-subscription destination, once: it is removed as it is read. */
export function takeRedirectAfterSubscription(
  stores: SessionStores = browserStores(),
): string | null {
  const path = stores.session.getItem(sessionStorageKeys.redirectAfterSubscription);
  stores.session.removeItem(sessionStorageKeys.redirectAfterSubscription);
  return isSameSitePath(path) ? path : null;
}

/** The sign-in page, coming back to `path` after a seller signs in (`/login?return=...`). */
export function signInReturningTo(path: string): string {
  return isSameSitePath(path)
    ? `/login?${new URLSearchParams({ return: path }).toString()}`
    : '/login';
}

/** The `return` of a sign-in page's query when it is a same-site path, else null. */
export function signInReturnPath(query: URLSearchParams): string | null {
  const path = query.get('return');
  return isSameSitePath(path) ? path : null;
}

/**
 * An address from the billing service (Stripe checkout or customer portal) that the browser may be
 * sent to: http(s) or a path on this site, nothing else (never `javascript:`); null otherwise.
 */
export function billingDestination(url: string | null | undefined): string | null {
  if (!url) return null;
  if (isSameSitePath(url)) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

export type ConsentRecord = BodyOf<typeof completeOnboarding>['consent'];

/**
 * The consent a seller gives in the browser (spec 001 §3), as onboarding and checkout send it: the
 * current terms version and a fixed marker instead of an IP address, which the browser cannot know
 * (the service records the address the request came from).
 *
 * @example await api.call(createCheckout, { body: { ...urls, consent: browserConsentRecord(new Date()) } });
 */
export function browserConsentRecord(now: Date): ConsentRecord {
  return {
    agreed: true,
    termsUrl: '/terms',
    privacyUrl: '/privacy',
    termsVersion: currentTermsVersion,
    consentTimestamp: now.toISOString(),
    consentIp: 'browser-client',
  };
}
