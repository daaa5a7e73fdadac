import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '@onvelope/router';
import {
  authValidationMessages,
  customerForgotPassword,
  customerLogin,
  customerResetPassword,
  customerSignup,
  formatPence,
  forgotPassword,
  googleSignInErrorMessage,
  login,
  plans,
  resetPassword,
  signup,
  trialDays,
  yearlySaving,
} from '@onvelope/contracts';
import {
  ApiError,
  clientMessages,
  failureMessage,
  redirectDelays,
  signInReturnPath,
  storeCustomerSignIn,
  storeMerchantSignIn,
  storePendingVerification,
  type AccountKind,
  type RemotePage,
} from '@onvelope/ui';
import { publicApi } from '../api.js';
import { BannerMessage, Field, type Banner } from '../components/Field.js';
import {
  accountKindOf,
  authPagePath,
  emailError,
  optionalText,
  passwordError,
  validateCredentials,
  verificationCodeInput,
  type AuthMode,
  type FieldErrors,
} from '../domain/auth-form.js';
import { useDelayedNavigate } from '../use-delayed-navigate.js';
import './merchant.css';

/**
 * /login and /register: one screen, mode chosen by path (spec 001 §2), for sellers and buyers alike
 * (issue 3): the Seller / Buyer choice decides which calls are made and where a signed-in person goes.
 */
const AuthPage: RemotePage<'mf_merchant/AuthPage'> = ({ mode }) => {
  const [search] = useSearchParams();
  const [account, setAccount] = useState<AccountKind>(() => accountKindOf(search));
  const [view, setView] = useState<'credentials' | 'forgot'>('credentials');
  const signIn = mode === 'login';

  return (
    <main className="me-auth" data-testid="auth-page" data-mode={mode}>
      <section className="me-auth__main" data-testid={signIn ? 'login-page' : 'register-page'}>
        <Link to="/" className="me-home">
          ONVELOPE
        </Link>
        <h1>{signIn ? 'Sign in' : 'Create your account'}</h1>
        <AccountChoice
          account={account}
          onChange={(next) => {
            setAccount(next);
            setView('credentials');
          }}
        />
        {view === 'forgot' ? (
          <ForgotPassword key={account} account={account} onDone={() => setView('credentials')} />
        ) : (
          <CredentialsForm
            key={account}
            mode={mode}
            account={account}
            onForgotPassword={() => setView('forgot')}
          />
        )}
      </section>
      {account === 'merchant' ? <TrialPanel mode={mode} /> : <BuyerPanel />}
    </main>
  );
};

export default AuthPage;

function AccountChoice({
  account,
  onChange,
}: {
  account: AccountKind;
  onChange: (account: AccountKind) => void;
}) {
  const option = (kind: AccountKind, label: string, hint: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={account === kind}
      className={account === kind ? 'me-tab me-tab--active' : 'me-tab'}
      onClick={() => onChange(kind)}
      data-testid={`account-${kind}`}
    >
      <strong>{label}</strong>
      <span>{hint}</span>
    </button>
  );
  return (
    <div className="me-tabs me-tabs--choice" role="tablist" aria-label="Account type">
      {option('merchant', 'Seller', 'I sell online and ship orders')}
      {option('customer', 'Buyer', 'I bought something and track it')}
    </div>
  );
}

interface CredentialsFormProps {
  mode: AuthMode;
  account: AccountKind;
  onForgotPassword: () => void;
}

function CredentialsForm({ mode, account, onForgotPassword }: CredentialsFormProps) {
  const [search] = useSearchParams();
  const navigateLater = useDelayedNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [busy, setBusy] = useState(false);
  // The Google sign-in callback lands on /login?error=<code> when it fails (shell README). Only the
  // product's words for the code are shown: the address is anyone's to write (issue 32, defect 8).
  const googleError = googleSignInErrorMessage(search.get('error'));
  const [banner, setBanner] = useState<Banner>(
    googleError && account === 'merchant' ? { kind: 'error', text: googleError } : null,
  );
  const signIn = mode === 'login';
  const seller = account === 'merchant';
  // `/login?return=<path>` (the pricing page's checkout): a seller goes back there after signing in.
  const returnTo = signInReturnPath(search);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateCredentials(mode, { email, password });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setBanner(null);
    const address = email.trim();
    try {
      if (signIn) {
        await (seller ? signInSeller(address) : signInBuyer(address));
      } else {
        await register(address);
      }
    } catch (error) {
      setBusy(false);
      if (signIn && isUnverifiedEmail(error)) {
        // The account exists but its email is not verified yet: finish that first.
        storePendingVerification({ email: address, account });
        setBanner({ kind: 'error', text: failureMessage(error, clientMessages.signInFailed) });
        navigateLater('/verify', redirectDelays.afterSignIn);
        return;
      }
      setBanner({ kind: 'error', text: failureMessage(error, clientMessages.signInFailed) });
    }
  }

  async function signInSeller(address: string) {
    const { token, user } = await publicApi.call(login, { body: { email: address, password } });
    storeMerchantSignIn(token, user);
    setBanner({ kind: 'success', text: clientMessages.signInSucceeded });
    // Onboarding comes first: a seller who has not finished it goes to the trial agreement anyway.
    navigateLater(
      user.onboardingCompleted ? (returnTo ?? '/dashboard') : '/trial-agreement',
      redirectDelays.afterSignIn,
    );
  }

  async function signInBuyer(address: string) {
    const { token, customer } = await publicApi.call(customerLogin, {
      body: { email: address, password },
    });
    storeCustomerSignIn(token, customer);
    setBanner({ kind: 'success', text: clientMessages.signInSucceeded });
    navigateLater('/customer-dashboard', redirectDelays.afterSignIn);
  }

  async function register(address: string) {
    const answer = seller
      ? await publicApi.call(signup, {
          body: { email: address, password, displayName: optionalText(displayName) },
        })
      : await publicApi.call(customerSignup, {
          body: {
            email: address,
            password,
            firstName: optionalText(firstName),
            lastName: optionalText(lastName),
          },
        });
    // Every new account verifies its email first (the contract's answer always says so).
    storePendingVerification({ email: answer.email || address, account });
    setBanner({
      kind: 'success',
      text: `We sent a 6-digit verification code to ${answer.email || address}. Please check your email.`,
    });
    navigateLater('/verify', redirectDelays.afterSignUpNeedingVerification);
  }

  return (
    <form className="me-form" onSubmit={(event) => void submit(event)} noValidate>
      <BannerMessage banner={banner} testId="auth" />
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={errors.email}
        testId="auth-email"
      />
      {!signIn && seller && (
        <Field
          label="Display name (optional)"
          autoComplete="name"
          value={displayName}
          onChange={setDisplayName}
          testId="auth-display-name"
        />
      )}
      {!signIn && !seller && (
        <div className="me-form__row">
          <Field
            label="First name (optional)"
            autoComplete="given-name"
            value={firstName}
            onChange={setFirstName}
            testId="auth-first-name"
          />
          <Field
            label="Last name (optional)"
            autoComplete="family-name"
            value={lastName}
            onChange={setLastName}
            testId="auth-last-name"
          />
        </div>
      )}
      <Field
        label="Password"
        type="password"
        autoComplete={signIn ? 'current-password' : 'new-password'}
        value={password}
        onChange={setPassword}
        error={errors.password}
        testId="auth-password"
      />
      {signIn && (
        <button
          type="button"
          className="me-link-button"
          onClick={onForgotPassword}
          data-testid="forgot-password"
        >
          Forgot password?
        </button>
      )}
      <button type="submit" className="ov-button" disabled={busy} data-testid="auth-submit">
        {signIn ? 'Sign In' : 'Create Account'}
      </button>
      {seller && (
        <button
          type="button"
          className="ov-button ov-button--secondary"
          disabled={busy}
          onClick={() => window.location.assign('/auth/google')}
          data-testid="google-sign-in"
        >
          Continue with Google
        </button>
      )}
      <p className="me-toggle">
        {signIn ? (
          <>
            Don&apos;t have an account?{' '}
            <Link to={authPagePath('register', account)} data-testid="auth-toggle">
              Sign up
            </Link>
          </>
        ) : (
          <>
            Already have an account?{' '}
            <Link to={authPagePath('login', account)} data-testid="auth-toggle">
              Sign in
            </Link>
          </>
        )}
      </p>
    </form>
  );
}

// svc-auth refuses an unverified seller's sign-in with 403 and a message naming verification.
function isUnverifiedEmail(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && /verif/i.test(error.message);
}

/** Not in the spec (issue 3): a reset by emailed code — ask for the code, then set a new password. */
function ForgotPassword({ account, onDone }: { account: AccountKind; onDone: () => void }) {
  const [step, setStep] = useState<'request' | 'reset'>('request');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'code' | 'newPassword'>>({});
  const [banner, setBanner] = useState<Banner>(null);
  const [busy, setBusy] = useState(false);
  const seller = account === 'merchant';

  async function requestCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = emailError(email);
    setErrors(problem ? { email: problem } : {});
    if (problem) return;
    setBusy(true);
    try {
      const body = { email: email.trim() };
      const answer = seller
        ? await publicApi.call(forgotPassword, { body })
        : await publicApi.call(customerForgotPassword, { body });
      setBanner({ kind: 'success', text: answer.message });
      setStep('reset');
    } catch (error) {
      setBanner({ kind: 'error', text: failureMessage(error, 'Failed to send the reset code') });
    } finally {
      setBusy(false);
    }
  }

  async function reset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldErrors<'code' | 'newPassword'> = {};
    if (code.length !== 6) found.code = authValidationMessages.codeInvalid;
    const passwordProblem = passwordError(newPassword, true);
    if (passwordProblem) found.newPassword = passwordProblem;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const body = { email: email.trim(), code, newPassword };
      const answer = seller
        ? await publicApi.call(resetPassword, { body })
        : await publicApi.call(customerResetPassword, { body });
      setBanner({ kind: 'success', text: answer.message });
      setStep('request');
      setCode('');
      setNewPassword('');
    } catch (error) {
      setBanner({ kind: 'error', text: failureMessage(error, 'Failed to reset the password') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="me-form" data-testid="forgot-password-flow">
      <h2>Reset your password</h2>
      <BannerMessage banner={banner} testId="forgot" />
      {step === 'request' ? (
        <form className="me-form" onSubmit={(event) => void requestCode(event)} noValidate>
          <p className="me-muted">We will email you a 6-digit code to set a new password.</p>
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            error={errors.email}
            testId="forgot-email"
          />
          <button type="submit" className="ov-button" disabled={busy} data-testid="forgot-send">
            Send Reset Code
          </button>
        </form>
      ) : (
        <form className="me-form" onSubmit={(event) => void reset(event)} noValidate>
          <Field
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(value) => setCode(verificationCodeInput(value))}
            error={errors.code}
            testId="forgot-code"
          />
          <Field
            label="New password"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={setNewPassword}
            error={errors.newPassword}
            testId="forgot-new-password"
          />
          <button type="submit" className="ov-button" disabled={busy} data-testid="forgot-reset">
            Set New Password
          </button>
        </form>
      )}
      <button type="button" className="me-link-button" onClick={onDone} data-testid="forgot-back">
        Back to sign in
      </button>
    </div>
  );
}

/**
 * The trial side panel (spec 001 §2). Prices come from the plan catalogue (the terms and onboarding
 * reading of spec 001 §9), and so does the refund promise: 30 days, as the terms say.
 */
function TrialPanel({ mode }: { mode: AuthMode }) {
  const monthly = plans.find((plan) => plan.id === 'pro_monthly');
  const yearly = plans.find((plan) => plan.id === 'pro_yearly');
  return (
    <aside className="me-auth__panel" data-testid="trial-panel">
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

/** The buyer's side panel: what a buyer account is for (the trial is a seller's matter). */
function BuyerPanel() {
  return (
    <aside className="me-auth__panel" data-testid="buyer-panel">
      <h2>Your orders in one place</h2>
      <ul>
        <li>Follow every order from the shops that use ONVELOPE</li>
        <li>Ask a seller about an order and keep the answers</li>
        <li>Free for buyers</li>
      </ul>
    </aside>
  );
}
