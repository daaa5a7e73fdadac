import { formatPence, plans, trialDays, yearlySaving } from '@onvelope/contracts';
import type { AuthMode } from '@onvelope/ui';

/**
 * The trial side panel (spec 001 §2). Prices come from the plan catalogue (the terms and onboarding
 * reading of spec 001 §9), and so does the refund promise: 30 days, as the terms say.
 */
export function TrialPanel({ mode }: { mode: AuthMode }) {
  const monthly = plans.find((plan) => plan.id === 'pro_monthly');
  const yearly = plans.find((plan) => plan.id === 'pro_yearly');
  return (
    <aside className="ov-auth__panel" data-testid="trial-panel">
      <h2>Start your {trialDays}-day free trial</h2>
      <ul>
        <li>No credit card needed to start</li>
        <li>Track every order, sync your Big Cartel store, answer buyer queries</li>
        {monthly && yearly && (
          <li>
            Then {formatPence(monthly.price)} a month, or {formatPence(yearly.price)} a year (save{' '}
            {formatPence(yearlySaving())})
          </li>
        )}
        <li>Cancel at any time</li>
      </ul>
      {mode === 'login' && (
        <p data-testid="refund-offer">
          Not happy? Get a full refund within 30 days of your first payment.
        </p>
      )}
    </aside>
  );
}
