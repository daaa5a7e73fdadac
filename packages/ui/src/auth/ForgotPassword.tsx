import { useState, type FormEvent } from 'react';
import { authValidationMessages } from '@onvelope/contracts';
import { failureMessage } from '../api-client.js';
import { BannerMessage, type Banner } from '../BannerMessage.js';
import { TextField } from '../TextField.js';
import type { AuthAccount } from './auth-account.js';
import { emailError, passwordError, verificationCodeInput, type FieldErrors } from './auth-form.js';

/** Not in the spec (issue 3): a reset by emailed code — ask for the code, then set a new password. */
export function ForgotPassword({ account, onDone }: { account: AuthAccount; onDone: () => void }) {
  const [step, setStep] = useState<'request' | 'reset'>('request');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'code' | 'newPassword'>>({});
  const [banner, setBanner] = useState<Banner>(null);
  const [busy, setBusy] = useState(false);

  async function requestCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = emailError(email);
    setErrors(problem ? { email: problem } : {});
    if (problem) return;
    setBusy(true);
    try {
      const answer = await account.requestPasswordReset(email.trim());
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
      const answer = await account.resetPassword({ email: email.trim(), code, newPassword });
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
    <div className="ov-auth__form" data-testid="forgot-password-flow">
      <h2>Reset your password</h2>
      <BannerMessage banner={banner} testId="forgot" classPrefix="ov-auth" />
      {step === 'request' ? (
        <form className="ov-auth__form" onSubmit={(event) => void requestCode(event)} noValidate>
          <p className="ov-auth__muted">We will email you a 6-digit code to set a new password.</p>
          <TextField
            classPrefix="ov-auth"
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
        <form className="ov-auth__form" onSubmit={(event) => void reset(event)} noValidate>
          <TextField
            classPrefix="ov-auth"
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(value) => setCode(verificationCodeInput(value))}
            error={errors.code}
            testId="forgot-code"
          />
          <TextField
            classPrefix="ov-auth"
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
      <button type="button" className="ov-auth__link" onClick={onDone} data-testid="forgot-back">
        Back to sign in
      </button>
    </div>
  );
}
