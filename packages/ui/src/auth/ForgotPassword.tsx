import { useState } from 'react';
import { emailOnlyRequest, resetPasswordRequest } from '@onvelope/contracts';
import { failureMessage } from '../api-client.js';
import { BannerMessage, type Banner } from '../BannerMessage.js';
import { ContractForm } from '../ContractForm.js';
import { TextFields, type TextFieldSpec } from '../TextFields.js';
import { useContractForm } from '../use-contract-form.js';
import type { AuthAccount } from './auth-account.js';
import { verificationCodeInput } from './auth-form.js';

const requestFields: TextFieldSpec<'email'>[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', testId: 'forgot-email' },
];

const resetFields: TextFieldSpec<'code' | 'newPassword'>[] = [
  {
    name: 'code',
    label: '6-digit code',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    testId: 'forgot-code',
  },
  {
    name: 'newPassword',
    label: 'New password',
    type: 'password',
    autoComplete: 'new-password',
    testId: 'forgot-new-password',
  },
];

/** Not in the spec (issue 3): a reset by emailed code — ask for the code, then set a new password. */
export function ForgotPassword({ account, onDone }: { account: AuthAccount; onDone: () => void }) {
  const [step, setStep] = useState<'request' | 'reset'>('request');
  const [banner, setBanner] = useState<Banner>(null);
  const request = useContractForm(emailOnlyRequest, { email: '' });
  // The address comes from the first step, so only the code and the new password are checked here.
  const reset = useContractForm(resetPasswordRequest, { code: '', newPassword: '' });
  const email = request.values.email.trim();
  const failed = (fallback: string) => (error: unknown) =>
    setBanner({ kind: 'error', text: failureMessage(error, fallback) });

  async function requestCode() {
    const answer = await account.requestPasswordReset(email);
    setBanner({ kind: 'success', text: answer.message });
    setStep('reset');
  }

  async function setPassword({ code, newPassword }: { code: string; newPassword: string }) {
    const answer = await account.resetPassword({ email, code, newPassword });
    setBanner({ kind: 'success', text: answer.message });
    setStep('request');
    reset.reset();
  }

  return (
    <div className="ov-auth__form" data-testid="forgot-password-flow">
      <h2>Reset your password</h2>
      <BannerMessage banner={banner} testId="forgot" classPrefix="ov-auth" />
      {step === 'request' ? (
        <ContractForm
          className="ov-auth__form"
          form={request}
          send={requestCode}
          onFailed={failed('Failed to send the reset code')}
          submit={{ text: 'Send Reset Code', testId: 'forgot-send' }}
        >
          <p className="ov-auth__muted">We will email you a 6-digit code to set a new password.</p>
          <TextFields classPrefix="ov-auth" fields={requestFields} field={request.field} />
        </ContractForm>
      ) : (
        <ContractForm
          className="ov-auth__form"
          form={reset}
          send={setPassword}
          onFailed={failed('Failed to reset the password')}
          submit={{ text: 'Set New Password', testId: 'forgot-reset' }}
        >
          <TextFields
            classPrefix="ov-auth"
            fields={resetFields}
            field={(name) => {
              const input = reset.field(name);
              // The code field keeps digits only, at most 6 of them.
              if (name !== 'code') return input;
              return {
                ...input,
                onChange: (value) => input.onChange(verificationCodeInput(value)),
              };
            }}
          />
        </ContractForm>
      )}
      <button type="button" className="ov-auth__link" onClick={onDone} data-testid="forgot-back">
        Back to sign in
      </button>
    </div>
  );
}
