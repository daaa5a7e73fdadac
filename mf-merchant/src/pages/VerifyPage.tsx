import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@onvelope/router';
import {
  customerResendCode,
  customerVerifyCode,
  resendCode,
  verifyCode,
} from '@onvelope/contracts';
import {
  clearPendingVerification,
  clientMessages,
  failureMessage,
  readPendingVerification,
  redirectDelays,
  storeCustomerSignIn,
  storeMerchantSignIn,
  type PendingVerification,
  type RemotePage,
} from '@onvelope/ui';
import { publicApi } from '../api.js';
import { BannerMessage, type Banner } from '../components/Field.js';
import {
  authPagePath,
  isCompleteVerificationCode,
  verificationCodeInput,
} from '../domain/auth-form.js';
import { useDelayedNavigate } from '../use-delayed-navigate.js';
import './merchant.css';

/** /verify (spec 001 §2, §4): the 6-digit code sent to the email waiting in `pendingVerification`. */
const VerifyPage: RemotePage<'mf_merchant/VerifyPage'> = () => {
  const navigate = useNavigate();
  // Read once: a successful verification clears it, and the screen keeps showing the address.
  const [pending] = useState(readPendingVerification);

  return (
    <main className="ov-page me-page" data-testid="verify-page">
      <Link to="/" className="me-home">
        ONVELOPE
      </Link>
      <h1>Verify your email</h1>
      {pending ? (
        <VerifyForm pending={pending} />
      ) : (
        <p className="ov-alert ov-alert--info" data-testid="verify-nothing-pending">
          No email is waiting for verification. Please register or sign in first.
        </p>
      )}
      <button
        type="button"
        className="me-link-button"
        onClick={() => void navigate(authPagePath('register', pending?.account ?? 'merchant'))}
        data-testid="verify-back"
      >
        Back to Registration
      </button>
    </main>
  );
};

export default VerifyPage;

function VerifyForm({ pending }: { pending: PendingVerification }) {
  const navigateLater = useDelayedNavigate();
  const [code, setCode] = useState('');
  const [banner, setBanner] = useState<Banner>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const seller = pending.account === 'merchant';

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isCompleteVerificationCode(code)) return;
    setBusy(true);
    setBanner(null);
    try {
      const body = { email: pending.email, code };
      if (seller) {
        const answer = await publicApi.call(verifyCode, { body });
        if (!answer?.token) throw new MissingToken();
        storeMerchantSignIn(answer.token, answer.user);
      } else {
        const answer = await publicApi.call(customerVerifyCode, { body });
        if (!answer?.token) throw new MissingToken();
        storeCustomerSignIn(answer.token, answer.customer);
      }
      clearPendingVerification();
      setDone(true);
      setBanner({ kind: 'success', text: 'Email verified successfully! Signing you in...' });
      navigateLater(
        seller ? '/dashboard?welcome=true' : '/customer-dashboard',
        redirectDelays.afterVerification,
      );
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
      const body = { email: pending.email };
      const answer = seller
        ? await publicApi.call(resendCode, { body })
        : await publicApi.call(customerResendCode, { body });
      setBanner({ kind: 'success', text: answer.message });
    } catch (error) {
      setBanner({ kind: 'error', text: failureMessage(error, clientMessages.resendFailed) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="me-form ov-card" onSubmit={(event) => void verify(event)} noValidate>
      <p>
        We sent a 6-digit code to <strong data-testid="verify-email">{pending.email}</strong>. Enter
        it below to verify your email.
      </p>
      <BannerMessage banner={banner} testId="verify" />
      <label className="ov-field me-field">
        <span>Verification code</span>
        <input
          className="me-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="000000"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(verificationCodeInput(event.target.value))}
          data-testid="verify-code"
        />
      </label>
      <div className="me-form__actions">
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

/** A verification answer without a token: verified, but not signed in (spec 001 §8). */
class MissingToken extends Error {}
