import { updatePassword, updatePasswordRequest } from '@onvelope/contracts';
import { localStorageKeys, useContractForm } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { Field } from '../components/Field.js';
import type { TabProps } from './settings-account.js';

type Passwords = { currentPassword: string; newPassword: string; confirmPassword: string };

/** PASSWORD (spec 001 §2): the current password, a new one and its confirmation. */
export function PasswordTab({
  onSaved,
  onFailed,
}: {
  onSaved: () => void;
  onFailed: TabProps['onFailed'];
}) {
  const { formRef, field, busy, handleSubmit, reset } = useContractForm(updatePasswordRequest, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });

  async function save(body: Passwords) {
    const answer = await merchantApi.call(updatePassword, { body });
    // The change ends every older token, this one included; the answer carries the new one.
    localStorage.setItem(localStorageKeys.authToken, answer.token);
    reset();
    onSaved();
  }

  return (
    <form ref={formRef} className="me-form" onSubmit={handleSubmit(save, onFailed)} noValidate>
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...field('currentPassword')}
        testId="password-current"
      />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        {...field('newPassword')}
        testId="password-new"
      />
      <Field
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...field('confirmPassword')}
        testId="password-confirm"
      />
      <button type="submit" className="ov-button" disabled={busy} data-testid="password-save">
        Update Password
      </button>
    </form>
  );
}
