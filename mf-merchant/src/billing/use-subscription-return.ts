import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from '@onvelope/router';
import { redirectDelays, takeRedirectAfterSubscription, useDelayedNavigate } from '@onvelope/ui';
import { destinationAfterSubscription } from './billing-state.js';
import { useSubscription } from './use-subscription.js';

/**
 * The dashboard's billing state, and its return from a successful checkout
 * (`/dashboard?subscription=success`, spec 001 §2): the success notice shows; once the payment
 * shows in the subscription (or after 20 s) the parameter leaves the address bar (so a later 402
 * goes to the pricing page again), what was refused meanwhile loads again, and the page kept in
 * `redirectAfterSubscription` is opened once, after the notice had time to be read.
 */
export function useSubscriptionReturn(reload: () => void) {
  const [params, setParams] = useSearchParams();
  const [justSubscribed] = useState(() => params.get('subscription') === 'success');
  const billing = useSubscription({ confirmPayment: justSubscribed, withPortal: false });
  const navigateLater = useDelayedNavigate();
  const handled = useRef(false);

  useEffect(() => {
    if (!justSubscribed || !billing.settled || handled.current) return;
    handled.current = true;
    const rest = new URLSearchParams(params);
    rest.delete('subscription');
    setParams(rest, { replace: true });
    reload();
    const next = destinationAfterSubscription(takeRedirectAfterSubscription(), '/dashboard');
    if (next) navigateLater(next, redirectDelays.afterSignIn);
  }, [justSubscribed, billing.settled, params, setParams, reload, navigateLater]);

  return {
    subscription: billing.subscription,
    justSubscribed,
    /** Waiting for the payment to show: the workspace's data may still be refused. */
    confirming: justSubscribed && !billing.settled,
  };
}
