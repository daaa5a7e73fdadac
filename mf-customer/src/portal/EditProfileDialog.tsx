import { useState, type FormEvent } from 'react';
import { updateCustomerProfile, type CustomerProfile } from '@onvelope/contracts';
import {
  ApiError,
  clientMessages,
  detailMessages,
  failureMessage,
  localStorageKeys,
  Modal,
} from '@onvelope/ui';
import { customerApi } from '../api.js';

const fields = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name', type: 'text' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name', type: 'text' },
  { name: 'email', label: 'Email', autoComplete: 'email', type: 'email' },
  { name: 'defaultPostcode', label: 'Default postcode', autoComplete: 'postal-code', type: 'text' },
  { name: 'avatar', label: 'Avatar URL', autoComplete: 'photo', type: 'url' },
] as const;
type ProfileField = (typeof fields)[number]['name'];

const ignoreClose = () => undefined;

/** The buyer's profile form (spec 001 §2): every field optional, an empty email keeps the current one. */
export function EditProfileDialog({
  customer,
  onClose,
  onSaved,
}: {
  customer: CustomerProfile;
  onClose: () => void;
  onSaved: (customer: CustomerProfile) => void;
}) {
  const [values, setValues] = useState(
    () =>
      Object.fromEntries(fields.map(({ name }) => [name, customer[name] ?? ''])) as Record<
        ProfileField,
        string
      >,
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // Every field is optional (spec 001 §5); an empty email means "keep the current one".
      const email = values.email.trim();
      const answer = await customerApi.call(updateCustomerProfile, {
        body: {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          defaultPostcode: values.defaultPostcode.trim(),
          avatar: values.avatar.trim(),
          ...(email ? { email } : {}),
        },
      });
      // A new email ends every older token, this one included; the answer carries the new one.
      if (answer.token) localStorage.setItem(localStorageKeys.customerAuthToken, answer.token);
      onSaved(answer.customer);
    } catch (caught) {
      setBusy(false);
      setError(
        caught instanceof ApiError && caught.status === 401
          ? clientMessages.customerNotAuthenticated
          : (detailMessages(caught) ??
              failureMessage(caught, clientMessages.customerProfileUpdateFailed)),
      );
    }
  }

  return (
    <Modal
      title="Edit profile"
      // While the profile saves, the dialog stays: its answer closes it.
      onClose={busy ? ignoreClose : onClose}
      testId="edit-profile-dialog"
    >
      <form className="cu-lookup" onSubmit={(event) => void save(event)} noValidate>
        {fields.map((field) => (
          <label key={field.name} className="ov-field">
            <span>{field.label}</span>
            <input
              type={field.type}
              autoComplete={field.autoComplete}
              value={values[field.name]}
              onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
              data-testid={`profile-${field.name}`}
            />
          </label>
        ))}
        {error && (
          <p className="ov-alert ov-alert--error" role="alert" data-testid="edit-profile-error">
            {error}
          </p>
        )}
        <div className="cu-dialog__actions">
          <button type="button" className="ov-button ov-button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="ov-button" disabled={busy} data-testid="profile-save">
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
