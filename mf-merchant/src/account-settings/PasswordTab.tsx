import { updatePassword, updatePasswordRequest } from '@onvelope/contracts';
import { ContractForm, localStorageKeys, useContractForm, type TextFieldSpec } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { FormFields } from '../components/Field.js';
import type { TabProps } from './settings-account.js';

type Passwords = { currentPassword: string; newPassword: string; confirmPassword: string };

const passwordFields: TextFieldSpec<keyof Passwords>[] = [
  {
    name: 'currentPassword',
    label: 'Current password',
    type: 'password',
    autoComplete: 'current-password',
    testId: 'password-current',
  },
  {
    name: 'newPassword',
    label: 'New password',
    type: 'password',
    autoComplete: 'new-password',
    testId: 'password-new',
  },
  {
    name: 'confirmPassword',
    label: 'Confirm new password',
    type: 'password',
    autoComplete: 'new-password',
    testId: 'password-confirm',
  },
];

/** PASSWORD (spec 001 §2): the current password, a new one and its confirmation. */
export function PasswordTab({
  onSaved,
  onFailed,
}: {
  onSaved: () => void;
  onFailed: TabProps['onFailed'];
}) {
  const form = useContractForm(updatePasswordRequest, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });

  async function save(body: Passwords) {
    const answer = await merchantApi.call(updatePassword, { body });
    // The change ends every older token, this one included; the answer carries the new one.
    localStorage.setItem(localStorageKeys.authToken, answer.token);
    form.reset();
    onSaved();
  }

  return (
    <ContractForm
      form={form}
      className="me-form"
      send={save}
      onFailed={onFailed}
      submit={{ text: 'Update Password', testId: 'password-save' }}
    >
      <FormFields fields={passwordFields} field={form.field} />
    </ContractForm>
  );
}
