import { useState } from 'react';
import { Link } from '@onvelope/router';
import { loginRequest } from '@onvelope/contracts';
import { ApiError, failureMessage } from '../api-client.js';
import { BannerMessage, type Banner } from '../BannerMessage.js';
import { clientMessages, redirectDelays } from '../messages.js';
import { storePendingVerification } from '../session.js';
import { TextField } from '../TextField.js';
import { useContractForm } from '../use-contract-form.js';
import { useDelayedNavigate } from '../use-delayed-navigate.js';
import type { AuthAccount, SignUpValues } from './auth-account.js';
import { authPagePath, type AuthMode } from './auth-form.js';

interface CredentialsFormProps {
  mode: AuthMode;
  account: AuthAccount;
  /** An error to show before anything is sent (the Google sign-in's failure). */
  notice: string | null;
  onForgotPassword: () => void;
}

/** Email and password (and the account's own sign-up fields), sent as a sign-in or a sign-up. */
export function CredentialsForm({ mode, account, notice, onForgotPassword }: CredentialsFormProps) {
  const navigateLater = useDelayedNavigate();
  const signIn = mode === 'login';
  const { formRef, values, field, busy, handleSubmit } = useContractForm<Record<string, string>>(
    signIn ? loginRequest : account.signUpRequest,
    {
      email: '',
      password: '',
      ...Object.fromEntries((signIn ? [] : account.signUpFields).map(({ name }) => [name, ''])),
    },
  );
  const [banner, setBanner] = useState<Banner>(notice ? { kind: 'error', text: notice } : null);
  // Signed in or signed up: the form stays as it is until the move to the next page.
  const [done, setDone] = useState(false);

  async function send({ email, password, ...fields }: SignUpValues) {
    setBanner(null);
    const address = (email ?? '').trim();
    if (signIn) {
      const next = await account.signIn(address, password ?? '');
      setDone(true);
      setBanner({ kind: 'success', text: clientMessages.signInSucceeded });
      navigateLater(next, redirectDelays.afterSignIn);
    } else {
      const sentTo = (await account.signUp(address, password ?? '', fields)) || address;
      setDone(true);
      // Every new account verifies its email first (the contract's answer always says so).
      storePendingVerification({ email: sentTo, account: account.kind });
      setBanner({
        kind: 'success',
        text: `We sent a 6-digit verification code to ${sentTo}. Please check your email.`,
      });
      navigateLater('/verify', redirectDelays.afterSignUpNeedingVerification);
    }
  }

  function failed(error: unknown) {
    setBanner({ kind: 'error', text: failureMessage(error, clientMessages.signInFailed) });
    if (signIn && isUnverifiedEmail(error)) {
      // The account exists but its email is not verified yet: finish that first.
      storePendingVerification({ email: (values.email ?? '').trim(), account: account.kind });
      navigateLater('/verify', redirectDelays.afterSignIn);
    }
  }

  const signUpFields = account.signUpFields.map(({ name, label, autoComplete, testId }) => (
    <TextField
      key={name}
      classPrefix="ov-auth"
      label={label}
      autoComplete={autoComplete}
      {...field(name)}
      testId={testId}
    />
  ));

  return (
    <form ref={formRef} className="ov-auth__form" onSubmit={handleSubmit(send, failed)} noValidate>
      <BannerMessage banner={banner} testId="auth" classPrefix="ov-auth" />
      <TextField
        classPrefix="ov-auth"
        label="Email"
        type="email"
        autoComplete="email"
        {...field('email')}
        testId="auth-email"
      />
      {!signIn &&
        (signUpFields.length > 1 ? (
          <div className="ov-auth__row">{signUpFields}</div>
        ) : (
          signUpFields
        ))}
      <TextField
        classPrefix="ov-auth"
        label="Password"
        type="password"
        autoComplete={signIn ? 'current-password' : 'new-password'}
        {...field('password')}
        testId="auth-password"
      />
      {signIn && (
        <button
          type="button"
          className="ov-auth__link"
          onClick={onForgotPassword}
          data-testid="forgot-password"
        >
          Forgot password?
        </button>
      )}
      <button type="submit" className="ov-button" disabled={busy || done} data-testid="auth-submit">
        {signIn ? 'Sign In' : 'Create Account'}
      </button>
      {account.googleSignIn && (
        <button
          type="button"
          className="ov-button ov-button--secondary"
          disabled={busy || done}
          onClick={() => window.location.assign('/auth/google')}
          data-testid="google-sign-in"
        >
          Continue with Google
        </button>
      )}
      <p className="ov-auth__toggle">
        {signIn ? (
          <>
            Don&apos;t have an account?{' '}
            <Link to={authPagePath('register', account.kind)} data-testid="auth-toggle">
              Sign up
            </Link>
          </>
        ) : (
          <>
            Already have an account?{' '}
            <Link to={authPagePath('login', account.kind)} data-testid="auth-toggle">
              Sign in
            </Link>
          </>
        )}
      </p>
    </form>
  );
}

// svc-auth refuses an unverified account's sign-in with 403 and a message naming verification.
function isUnverifiedEmail(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && /verif/i.test(error.message);
}
