import { useEffect, useState } from 'react';
import {
  getSubscription,
  listPlans,
  type PlanView,
  type SubscriptionView,
} from '@onvelope/contracts';
import { clientMessages, failureMessage, readMerchantSession } from '@onvelope/ui';
import { publicApi, sellerApi } from '../api.js';

export interface PricingData {
  /** The plans of GET /api/payments/plans; null while they load or when they failed. */
  plans: PlanView[] | null;
  /** spec 001 §8: the server's message, else 'Failed to load pricing plans'. */
  plansError: string | null;
  /** A signed-in seller's subscription, to mark their plan; null otherwise or when unread. */
  subscription: SubscriptionView | null;
}

/** The plans (public), and for a signed-in seller the subscription (quietly: only a hint here). */
export function usePricingData(): PricingData {
  const [plans, setPlans] = useState<PlanView[] | null>(null);
  const [plansError, setPlansError] = useState<string | null>(null);
  const [subscription, setSubscription] = useState<SubscriptionView | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    publicApi
      .call(listPlans, { signal: controller.signal })
      .then((answer) => setPlans(answer.plans))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          setPlansError(failureMessage(error, clientMessages.plansLoadFailed));
        }
      });
    if (readMerchantSession()) {
      sellerApi
        .call(getSubscription, { signal: controller.signal })
        .then((answer) => setSubscription(answer.subscription))
        // Without it the cards offer Subscribe, and the checkout reads the subscription itself.
        .catch(() => undefined);
    }
    return () => controller.abort();
  }, []);

  return { plans, plansError, subscription };
}
