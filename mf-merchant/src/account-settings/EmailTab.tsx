import { updateEmail, updateEmailRequest } from '@onvelope/contracts';
import { localStorageKeys, useContractForm } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { Field } from '../components/Field.js';
import type { Account, TabProps } from './settings-account.js';

/** EMAIL (spec 001 §2): the current address with its verified badge, and a change of address. */
export function EmailTab({ account, onSaved, onFailed }: TabProps & { account: Account }) {
  const { formRef, field, busy, handleSubmit, reset } = useContractForm(updateEmailRequest, {
    newEmail: '',
    password: '',
  });

  async function save({ newEmail, password }: { newEmail: string; password: string }) {
    const answer = await merchantApi.call(updateEmail, {
      body: { newEmail: newEmail.trim(), password },
    });
    // Like a new password, a new email ends every older token; the answer carries the new one.
    localStorage.setItem(localStorageKeys.authToken, answer.token);
    reset();
    onSaved(answer.account);
  }

  return (
    <form ref={formRef} className="me-form" onSubmit={handleSubmit(save, onFailed)} noValidate>
      <p>
        Current email: <strong data-testid="current-email">{account.email}</strong>{' '}
        <span
          className={account.isVerified ? 'me-badge me-badge--ok' : 'me-badge me-badge--warn'}
          data-testid="email-verified-badge"
        >
          {account.isVerified ? 'Verified' : 'Not verified'}
        </span>
      </p>
      <Field
        label="New email"
        type="email"
        autoComplete="email"
        {...field('newEmail')}
        testId="email-new"
      />
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...field('password')}
        testId="email-password"
      />
      <button type="submit" className="ov-button" disabled={busy} data-testid="email-save">
        Update Email
      </button>
    </form>
  );
}
