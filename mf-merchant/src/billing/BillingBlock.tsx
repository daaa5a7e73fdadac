import { useState } from 'react';
import { Link } from '@onvelope/router';
import { billingPaths, formatDate, useDateDisplay } from '@onvelope/ui';
import { billingSummary, daysLeftText } from './billing-state.js';
import { cancellationNotice, yourDataPath } from './cancellation-notice.js';
import type { SubscriptionState } from './use-subscription.js';
import './billing.css';

/**
 * Account settings' billing block (beside the account information; the spec's settings page shows
 * only the plan): plan, status, trial end and days left, next payment or end date, the past-due
 * warning, Manage billing (Stripe's customer portal) and Subscribe (the pricing page). Back from
 * cancelling in the portal (`justCancelled`), it first confirms what the cancellation left.
 */
export function BillingBlock({
  billing,
  now,
  justCancelled,
}: {
  billing: SubscriptionState;
  now: Date;
  justCancelled: boolean;
}) {
  const [leaving, setLeaving] = useState(false);
  const { subscription, failed } = billing;
  const display = useDateDisplay();
  const summary = subscription ? billingSummary(subscription, now, display) : null;
  const manageUrl = summary?.manageUrl ?? null;
  const cancelled =
    justCancelled && subscription
      ? cancellationNotice(subscription, (iso) => formatDate(iso, '', display))
      : null;

  return (
    <section className="ov-card me-billing" aria-label="Billing" data-testid="billing-block">
      <h2>Billing</h2>
      {!summary && !failed && (
        <p role="status" data-testid="billing-loading">
          Loading billing details...
        </p>
      )}
      {!summary && failed && (
        <p className="ov-alert ov-alert--error" data-testid="billing-failed">
          Failed to load billing details
        </p>
      )}
      {cancelled && (
        <p
          className="ov-alert me-alert--success"
          role="status"
          data-testid="billing-cancelled-notice"
        >
          {cancelled.text}
          {cancelled.pointsToYourData && (
            <>
              {' '}
              <Link to={yourDataPath} data-testid="billing-your-data-link">
                Your data
              </Link>
              .
            </>
          )}
        </p>
      )}
      {summary && (
        <>
          <dl className="me-account-info">
            <div>
              <dt>Plan</dt>
              <dd data-testid="billing-plan-name">{summary.planName ?? 'None'}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd data-testid="billing-status">{summary.statusText}</dd>
            </div>
            {summary.trial && (
              <>
                <div>
                  <dt>Trial ends</dt>
                  <dd data-testid="billing-trial-end">{summary.trial.endsOn}</dd>
                </div>
                <div>
                  <dt>Trial</dt>
                  <dd data-testid="billing-trial-days">{daysLeftText(summary.trial.daysLeft)}</dd>
                </div>
              </>
            )}
            {summary.period && (
              <div>
                <dt>{summary.period.kind === 'renews' ? 'Next payment' : 'Subscription'}</dt>
                <dd data-testid="billing-period-end">
                  {summary.period.kind === 'renews'
                    ? summary.period.on
                    : `Ends on ${summary.period.on}`}
                </dd>
              </div>
            )}
          </dl>
          {summary.pastDueWarning && (
            <p className="ov-alert ov-alert--error" role="alert" data-testid="billing-past-due">
              {summary.pastDueWarning}. Your workspace stays open until then.
            </p>
          )}
          <div className="me-form__actions">
            {manageUrl && (
              <button
                type="button"
                className="ov-button ov-button--secondary"
                disabled={leaving}
                onClick={() => {
                  // Stripe's portal (change card, invoices, cancel) returns to this page itself.
                  setLeaving(true);
                  window.location.assign(manageUrl);
                }}
                data-testid="manage-billing"
              >
                {leaving ? 'Opening billing...' : 'Manage billing'}
              </button>
            )}
            {summary.offerSubscribe && (
              <Link to={billingPaths.pricing} className="ov-button" data-testid="subscribe-link">
                Subscribe
              </Link>
            )}
          </div>
        </>
      )}
    </section>
  );
}
