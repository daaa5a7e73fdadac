import { useState } from 'react';
import { Link, useNavigate } from '@onvelope/router';
import { formatPence, plans, trialDays, updateProfile } from '@onvelope/contracts';
import {
  clientMessages,
  formatDate,
  localStorageKeys,
  optionalText,
  readMerchantSession,
  storeOnboardingCompleted,
  type RemotePage,
} from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { PlanChoice } from '../components/PlanChoice.js';
import { Field } from '../components/Field.js';
import {
  defaultPlanId,
  onboardingCountries,
  trialEndsOn,
  type OnboardingCountry,
  type UserDetails,
} from '../onboarding/onboarding.js';
import { beginTrial } from '../onboarding/begin-trial.js';
import './merchant.css';

const welcomeAlert = `Welcome to ONVELOPE! Your ${trialDays}-day free trial has started.`;

/**
 * /onboarding (spec 001 §2, reading B): terms, plan, then profile and summary. Step 3 keeps the
 * values locally (`userDetails`, `selectedPlan`) as the spec says, and also tells svc-auth: the
 * profile fields go to the account settings, and a seller whose onboarding is still incomplete has
 * it completed with the consent from step 1 (README, decisions).
 */
const OnboardingPage: RemotePage<'mf_merchant/OnboardingPage'> = () => {
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [plan, setPlan] = useState(defaultPlanId);
  const [details, setDetails] = useState<UserDetails>({
    companyName: '',
    phone: '',
    country: 'GB',
  });
  const [busy, setBusy] = useState(false);
  const billingStart = formatDate(trialEndsOn(new Date()).toISOString());
  const chosen = plans.find((entry) => entry.id === plan);

  async function finish() {
    setBusy(true);
    try {
      localStorage.setItem(localStorageKeys.userDetails, JSON.stringify(details));
      localStorage.setItem(localStorageKeys.selectedPlan, plan);
      if (readMerchantSession()?.onboardingCompleted === false) {
        await beginTrial(plan);
      }
      await merchantApi.call(updateProfile, {
        body: {
          companyName: optionalText(details.companyName),
          phoneNumber: optionalText(details.phone),
          country: details.country,
        },
      });
      storeOnboardingCompleted(true);
      window.alert(welcomeAlert);
      void navigate('/dashboard', { replace: true });
    } catch {
      setBusy(false);
      window.alert(clientMessages.onboardingFailed);
    }
  }

  return (
    <main className="ov-page me-page me-onboarding" data-testid="onboarding-page">
      <Link to="/" className="me-home">
        ONVELOPE
      </Link>
      <p className="me-muted" data-testid="onboarding-step">
        Step {step} of 3
      </p>

      {step === 1 && (
        <section className="me-form">
          <h1>Welcome to ONVELOPE</h1>
          <div className="ov-card">
            <h2>Your {trialDays}-day free trial</h2>
            <ul>
              <li>Every feature, free for {trialDays} days; no card needed now.</li>
              <li>Subscribe when the trial ends, or let it lapse.</li>
              <li>30-day money-back guarantee on your first payment.</li>
            </ul>
          </div>
          <label className="me-check">
            <input
              type="checkbox"
              checked={termsAccepted}
              onChange={(event) => setTermsAccepted(event.target.checked)}
              data-testid="onboarding-terms"
            />
            <span>
              I accept the <Link to="/terms">Terms of Service</Link>, the{' '}
              <Link to="/privacy">Privacy Policy</Link> and the payment terms.
            </span>
          </label>
          <button
            type="button"
            className="ov-button"
            disabled={!termsAccepted}
            onClick={() => setStep(2)}
            data-testid="onboarding-continue"
          >
            Continue
          </button>
        </section>
      )}

      {step === 2 && (
        <section className="me-form">
          <h1>Choose your plan</h1>
          <PlanChoice selected={plan} onSelect={setPlan} />
          <p data-testid="billing-start">Billing starts on {billingStart}, when your trial ends.</p>
          <div className="me-form__actions">
            <button
              type="button"
              className="ov-button ov-button--secondary"
              onClick={() => setStep(1)}
            >
              Back
            </button>
            <button
              type="button"
              className="ov-button"
              onClick={() => setStep(3)}
              data-testid="onboarding-continue"
            >
              Continue
            </button>
          </div>
        </section>
      )}

      {step === 3 && (
        <section className="me-form">
          <h1>Your business</h1>
          <Field
            label="Company name (optional)"
            autoComplete="organization"
            value={details.companyName}
            onChange={(companyName) => setDetails({ ...details, companyName })}
            testId="onboarding-company"
          />
          <Field
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            value={details.phone}
            onChange={(phone) => setDetails({ ...details, phone })}
            testId="onboarding-phone"
          />
          <label className="ov-field me-field">
            <span>Country</span>
            <select
              value={details.country}
              onChange={(event) =>
                setDetails({ ...details, country: event.target.value as OnboardingCountry })
              }
              data-testid="onboarding-country"
            >
              {onboardingCountries.map((country) => (
                <option key={country} value={country}>
                  {country}
                </option>
              ))}
            </select>
          </label>
          <div className="ov-card" data-testid="onboarding-summary">
            <h2>Summary</h2>
            <p>
              {chosen?.name}: {chosen && formatPence(chosen.price)} per {chosen?.interval}, billed
              from {billingStart}.
            </p>
          </div>
          <div className="me-form__actions">
            <button
              type="button"
              className="ov-button ov-button--secondary"
              onClick={() => setStep(2)}
            >
              Back
            </button>
            <button
              type="button"
              className="ov-button"
              disabled={busy}
              onClick={() => void finish()}
              data-testid="onboarding-start"
            >
              Start Trial
            </button>
          </div>
        </section>
      )}
    </main>
  );
};

export default OnboardingPage;
