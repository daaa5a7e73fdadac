import { useState, type FormEvent } from 'react';
import { failureMessage } from '../api-client.js';
import { BannerMessage, type Banner } from '../BannerMessage.js';
import { clientMessages, redirectDelays } from '../messages.js';
import { clearPendingVerification } from '../session.js';
import { useDelayedNavigate } from '../use-delayed-navigate.js';
import { MissingToken, type AuthAccount } from './auth-account.js';
import { isCompleteVerificationCode, verificationCodeInput } from './auth-form.js';

/** The code field with Verify Email and Resend Code (spec 001 §2: submit needs all 6 digits). */
export function VerifyForm({ email, account }: { email: string; account: AuthAccount }) {
  const navigateLater = useDelayedNavigate();
  const [code, setCode] = useState('');
  const [banner, setBanner] = useState<Banner>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isCompleteVerificationCode(code)) return;
    setBusy(true);
    setBanner(null);
    try {
      const next = await account.verify(email, code);
      clearPendingVerification();
      setDone(true);
      setBanner({ kind: 'success', text: 'Email verified successfully! Signing you in...' });
      navigateLater(next, redirectDelays.afterVerification);
    } catch (error) {
      setBusy(false);
      setBanner({
        kind: 'error',
        text:
          error instanceof MissingToken
            ? clientMessages.verifiedWithoutToken
            : failureMessage(error, clientMessages.verifyFailed),
      });
    }
  }

  async function resend() {
    setBusy(true);
    setBanner(null);
    try {
      setBanner({ kind: 'success', text: (await account.resendCode(email)).message });
    } catch (error) {
      setBanner({ kind: 'error', text: failureMessage(error, clientMessages.resendFailed) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="ov-auth__form ov-card" onSubmit={(event) => void verify(event)} noValidate>
      <p>
        We sent a 6-digit code to <strong data-testid="verify-email">{email}</strong>. Enter it
        below to verify your email.
      </p>
      <BannerMessage banner={banner} testId="verify" classPrefix="ov-auth" />
      <label className="ov-field ov-auth-field">
        <span>Verification code</span>
        <input
          className="ov-auth__code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="000000"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(verificationCodeInput(event.target.value))}
          data-testid="verify-code"
        />
      </label>
      <div className="ov-auth__actions">
        <button
          type="submit"
          className="ov-button"
          disabled={busy || done || !isCompleteVerificationCode(code)}
          data-testid="verify-submit"
        >
          Verify Email
        </button>
        <button
          type="button"
          className="ov-button ov-button--secondary"
          disabled={busy || done}
          onClick={() => void resend()}
          data-testid="verify-resend"
        >
          Resend Code
        </button>
      </div>
    </form>
  );
}
