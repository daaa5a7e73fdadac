import { Link } from '@onvelope/router';
import type { SubscriptionView } from '@onvelope/contracts';
import { billingPaths, useDateDisplay } from '@onvelope/ui';
import { headerBillingState } from './billing-state.js';
import './billing.css';

/**
 * The dashboard header's billing state, compact: the plan's name, the trial days left or the
 * past-due warning, and Subscribe while there is no active subscription.
 */
export function HeaderBillingState({
  subscription,
  now,
}: {
  subscription: SubscriptionView | null;
  now: Date;
}) {
  const display = useDateDisplay();
  if (!subscription) return null;
  const state = headerBillingState(subscription, now, display);
  return (
    <span className="me-billing-state" data-testid="header-billing-state">
      {state.planName && <span className="me-billing-state__plan">{state.planName}</span>}
      {state.note && (
        <span
          className={state.warning ? 'me-billing-state__warning' : undefined}
          role={state.warning ? 'alert' : undefined}
        >
          {state.note}
        </span>
      )}
      {state.offerSubscribe && (
        <Link
          to={billingPaths.pricing}
          className="me-billing-state__subscribe"
          data-testid="subscribe-link"
        >
          Subscribe
        </Link>
      )}
    </span>
  );
}
