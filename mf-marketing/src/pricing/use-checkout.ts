import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from '@onvelope/router';
import { createCheckout, getSubscription, type PlanView } from '@onvelope/contracts';
import { browserConsentRecord, clearMerchantSession, readMerchantSession } from '@onvelope/ui';
import { sellerApi } from '../api.js';
import { checkoutStep, type CheckoutPort } from '../domain/checkout.js';

const port: CheckoutPort = {
  signedIn: () => readMerchantSession() !== null,
  // Only its consent flag is read here.
  subscription: async () =>
    (await sellerApi.call(getSubscription, { query: { portal: 'omit' } })).subscription,
  createCheckout: (body) => sellerApi.call(createCheckout, { body }),
};

/**
 * The pricing page's checkout (spec 001 §4): Subscribe → sign in, or the consent modal, or
 * Stripe's page. `busy` names what is under way (a plan id, or 'manage'), and every button waits.
 */
export function useCheckout() {
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState<string | null>(null);
  const [consentFor, setConsentFor] = useState<PlanView | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Back from Stripe with the browser's Back button, the page may come from the back-forward
  // cache as it was left: busy. It is not any more.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(null);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const subscribe = useCallback(
    async (plan: PlanView, consentGiven = false) => {
      setBusy(plan.id);
      setError(null);
      const step = await checkoutStep(port, {
        plan,
        consent: consentGiven ? browserConsentRecord(new Date()) : undefined,
        origin: window.location.origin,
        returnTo: location.pathname + location.search,
      });
      switch (step.kind) {
        case 'sign-in':
          void navigate(step.to);
          return;
        case 'consent':
          setConsentFor(plan);
          setBusy(null);
          return;
        case 'pay':
          // The page is leaving for Stripe: it stays busy until it is gone.
          window.location.assign(step.url);
          return;
        case 'failed':
          if (step.sessionRefused) clearMerchantSession();
          setConsentFor(null);
          setError(step.message);
          setBusy(null);
      }
    },
    [location.pathname, location.search, navigate],
  );

  return {
    busy,
    error,
    /** The plan the consent modal is open for, or null. */
    consentFor,
    subscribe: (plan: PlanView) => void subscribe(plan),
    /** Continue to payment from the consent modal, with the consent just given. */
    continueWithConsent: () => {
      if (consentFor) void subscribe(consentFor, true);
    },
    /** Cancel in the consent modal: back to where the seller was, nothing started. */
    cancelConsent: () => {
      setConsentFor(null);
      setBusy(null);
    },
    manageBilling: (url: string) => {
      setBusy('manage');
      window.location.assign(url);
    },
  };
}
