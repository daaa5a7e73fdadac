import { updateEmail, updateEmailRequest } from '@onvelope/contracts';
import { ContractForm, localStorageKeys, useContractForm, type TextFieldSpec } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { FormFields } from '../components/Field.js';
import type { Account, TabProps } from './settings-account.js';

const emailFields: TextFieldSpec<'newEmail' | 'password'>[] = [
  {
    name: 'newEmail',
    label: 'New email',
    type: 'email',
    autoComplete: 'email',
    testId: 'email-new',
  },
  {
    name: 'password',
    label: 'Current password',
    type: 'password',
    autoComplete: 'current-password',
    testId: 'email-password',
  },
];

/** EMAIL (spec 001 §2): the current address with its verified badge, and a change of address. */
export function EmailTab({ account, onSaved, onFailed }: TabProps & { account: Account }) {
  const form = useContractForm(updateEmailRequest, {
    newEmail: '',
    password: '',
  });

  async function save({ newEmail, password }: { newEmail: string; password: string }) {
    const answer = await merchantApi.call(updateEmail, {
      body: { newEmail: newEmail.trim(), password },
    });
    // Like a new password, a new email ends every older token; the answer carries the new one.
    localStorage.setItem(localStorageKeys.authToken, answer.token);
    form.reset();
    onSaved(answer.account);
  }

  return (
    <ContractForm
      form={form}
      className="me-form"
      send={save}
      onFailed={onFailed}
      submit={{ text: 'Update Email', testId: 'email-save' }}
    >
      <p>
        Current email: <strong data-testid="current-email">{account.email}</strong>{' '}
        <span
          className={account.isVerified ? 'me-badge me-badge--ok' : 'me-badge me-badge--warn'}
          data-testid="email-verified-badge"
        >
          {account.isVerified ? 'Verified' : 'Not verified'}
        </span>
      </p>
      <FormFields fields={emailFields} field={form.field} />
    </ContractForm>
  );
}
