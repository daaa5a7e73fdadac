import { useEffect, useState } from 'react';
import { getSubscription, type SubscriptionView } from '@onvelope/contracts';
import { merchantApi } from '../api.js';
import { confirmationSettled, subscriptionConfirmation } from './billing-state.js';

export interface SubscriptionState {
  /** The last answer of GET /api/payments/subscription; null until one arrives. */
  subscription: SubscriptionView | null;
  /** The last read failed (the screens then leave the billing state out, or say so). */
  failed: boolean;
  /** Not waiting for a payment to show any more (always true without `confirmPayment`). */
  settled: boolean;
}

/**
 * The seller's subscription, read when the screen opens. With `confirmPayment` (back from a
 * successful checkout) it is read again every second until it is active, for up to 20 s: the
 * webhook that records the payment may reach the services a moment after the browser arrives.
 */
export function useSubscription({
  confirmPayment,
  withPortal,
}: {
  confirmPayment: boolean;
  /** Whether the screen offers Manage billing (each link is a call to Stripe). */
  withPortal: boolean;
}): SubscriptionState {
  const [subscription, setSubscription] = useState<SubscriptionView | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempts, setAttempts] = useState(0);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    const read = async () => {
      tries += 1;
      let view: SubscriptionView | null = null;
      try {
        view = (
          await merchantApi.call(getSubscription, {
            query: { portal: withPortal ? 'include' : 'omit' },
          })
        ).subscription;
      } catch {
        view = null;
      }
      if (!live) return;
      if (view) setSubscription(view);
      setFailed(view === null);
      setAttempts(tries);
      if (confirmPayment && !confirmationSettled(view, tries)) {
        timer = setTimeout(() => void read(), subscriptionConfirmation.intervalMs);
      }
    };
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [confirmPayment, withPortal]);

  return {
    subscription,
    failed,
    settled: !confirmPayment || confirmationSettled(subscription, attempts),
  };
}
