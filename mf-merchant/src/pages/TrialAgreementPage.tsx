import { useState } from 'react';
import { Link, useNavigate } from '@onvelope/router';
import { formatPence, plans, trialDays } from '@onvelope/contracts';
import {
  ApiError,
  clientMessages,
  detailMessages,
  failureMessage,
  formatDate,
  merchantDisplayName,
  readMerchantSession,
  storeOnboardingCompleted,
  type RemotePage,
} from '@onvelope/ui';
import { BannerMessage, type Banner } from '../components/Field.js';
import { PlanChoice } from '../components/PlanChoice.js';
import { defaultPlanId, trialEndsOn } from '../onboarding/onboarding.js';
import { beginTrial } from '../onboarding/begin-trial.js';
import './merchant.css';

/**
 * /trial-agreement (spec 001 §2, reading A): trial terms, plan choice, payment agreement and two
 * agreements; starting the trial records the consent with svc-auth (POST /auth/complete-onboarding).
 */
const TrialAgreementPage: RemotePage<'mf_merchant/TrialAgreementPage'> = () => {
  const navigate = useNavigate();
  const session = readMerchantSession();
  const [plan, setPlan] = useState(defaultPlanId);
  const [agreeToTerms, setAgreeToTerms] = useState(false);
  const [agreeToPayment, setAgreeToPayment] = useState(false);
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);
  const chosen = plans.find((entry) => entry.id === plan);
  const trialEnd = formatDate(trialEndsOn(new Date()).toISOString());

  async function startTrial() {
    setBusy(true);
    setBanner(null);
    try {
      await beginTrial(plan);
      storeOnboardingCompleted(true);
      void navigate('/dashboard?trial=started', { replace: true });
    } catch (error) {
      setBusy(false);
      const text =
        error instanceof ApiError && error.isNetworkFailure
          ? clientMessages.trialStartNetworkFailure
          : (detailMessages(error) ?? failureMessage(error, clientMessages.trialStartFailed));
      setBanner({ kind: 'error', text });
    }
  }

  return (
    <main className="ov-page me-page me-onboarding" data-testid="trial-agreement-page">
      <Link to="/" className="me-home">
        ONVELOPE
      </Link>
      <h1>
        Welcome to ONVELOPE
        {session && merchantDisplayName(session) ? `, ${merchantDisplayName(session)}` : ''}!
      </h1>
      <p className="me-lead">
        Your account is ready. Start your {trialDays}-day free trial to track orders, sync your
        store and answer your buyers.
      </p>

      <section className="ov-card" aria-labelledby="trial-terms">
        <h2 id="trial-terms">Your free trial</h2>
        <ul>
          <li>{trialDays} days free, starting today; no card needed now.</li>
          <li>Your trial ends on {trialEnd}. We will ask you to subscribe before then.</li>
          <li>Cancel at any time; a full refund within 30 days of your first payment.</li>
        </ul>
      </section>

      <section aria-labelledby="plan-choice">
        <h2 id="plan-choice">Choose your plan</h2>
        <PlanChoice selected={plan} onSelect={setPlan} />
      </section>

      <section className="ov-card" aria-labelledby="payment-agreement">
        <h2 id="payment-agreement">Payment agreement</h2>
        <p data-testid="payment-agreement">
          When your trial ends you will be asked to subscribe to {chosen?.name} at{' '}
          {chosen && formatPence(chosen.price)} per {chosen?.interval}, paid by card through our
          payment provider. Nothing is charged during the trial, and the subscription renews each{' '}
          {chosen?.interval} until you cancel.
        </p>
        <label className="me-check">
          <input
            type="checkbox"
            checked={agreeToTerms}
            onChange={(event) => setAgreeToTerms(event.target.checked)}
            data-testid="agree-terms"
          />
          <span>
            I agree to the <Link to="/terms">Terms of Service</Link> and{' '}
            <Link to="/privacy">Privacy Policy</Link>.
          </span>
        </label>
        <label className="me-check">
          <input
            type="checkbox"
            checked={agreeToPayment}
            onChange={(event) => setAgreeToPayment(event.target.checked)}
            data-testid="agree-payment"
          />
          <span>I agree to the payment terms and billing described above.</span>
        </label>
      </section>

      <BannerMessage banner={banner} testId="trial" />
      <button
        type="button"
        className="ov-button me-start"
        disabled={!agreeToTerms || !agreeToPayment || busy}
        onClick={() => void startTrial()}
        data-testid="start-trial"
      >
        {busy ? 'Starting your trial…' : 'Start My Free Trial'}
      </button>
    </main>
  );
};

export default TrialAgreementPage;
