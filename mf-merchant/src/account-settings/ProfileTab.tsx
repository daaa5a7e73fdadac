import { useState, type FormEvent } from 'react';
import { updateProfile, updateProfileRequest } from '@onvelope/contracts';
import {
  errorsAfterEdit,
  fieldErrorsOf,
  fieldErrorsOfAnswer,
  useFirstInvalidField,
} from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { Field } from '../components/Field.js';
import type { Account, TabProps } from './settings-account.js';

const profileFields = [
  { name: 'displayName', label: 'Display name', autoComplete: 'name' },
  { name: 'companyName', label: 'Company name', autoComplete: 'organization' },
  { name: 'businessType', label: 'Business type' },
  { name: 'website', label: 'Website', type: 'url', autoComplete: 'url' },
  { name: 'phoneNumber', label: 'Phone number', type: 'tel', autoComplete: 'tel' },
  { name: 'address', label: 'Address', autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State / county', autoComplete: 'address-level1' },
  { name: 'country', label: 'Country', autoComplete: 'country' },
  { name: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
] as const;
type ProfileField = (typeof profileFields)[number]['name'];

/** Every zone the browser knows, the seller's own first when the list lacks it (an alias). */
function timeZoneChoices(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
}

export function ProfileTab({ account, onSaved, onFailed }: TabProps & { account: Account }) {
  const [values, setValues] = useState(
    () =>
      Object.fromEntries(profileFields.map(({ name }) => [name, account[name] ?? ''])) as Record<
        ProfileField,
        string
      >,
  );
  const [timeZone, setTimeZone] = useState(account.timeZone);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [formRef, revealFirstInvalid] = useFirstInvalidField<HTMLFormElement>();

  // Profile edit: every field optional (spec 001 §5); an emptied field is sent empty to clear it.
  const trimmed = (from: Record<ProfileField, string>) =>
    Object.fromEntries(profileFields.map(({ name }) => [name, from[name].trim()])) as Record<
      ProfileField,
      string
    >;

  function edit(field: ProfileField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    setErrors((shown) =>
      errorsAfterEdit(shown, fieldErrorsOf(updateProfileRequest, trimmed(next))),
    );
  }

  /** Errors at their fields, the first brought into view (issue 38 item 10). */
  function refuse(found: Partial<Record<ProfileField, string>>) {
    setErrors(found);
    revealFirstInvalid();
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { ...trimmed(values), timeZone };
    const found = fieldErrorsOf(updateProfileRequest, trimmed(values));
    if (Object.keys(found).length) return refuse(found);
    setBusy(true);
    try {
      onSaved((await merchantApi.call(updateProfile, { body })).account);
    } catch (error) {
      const atFields = fieldErrorsOfAnswer(
        error,
        profileFields.map(({ name }) => name),
      );
      if (atFields) refuse(atFields);
      else onFailed(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={formRef}
      className="me-form me-form--grid"
      onSubmit={(event) => void save(event)}
      noValidate
    >
      {profileFields.map((field) => (
        <Field
          key={field.name}
          label={field.label}
          type={'type' in field ? field.type : 'text'}
          autoComplete={'autoComplete' in field ? field.autoComplete : undefined}
          value={values[field.name]}
          onChange={(value) => edit(field.name, value)}
          error={errors[field.name]}
          testId={`profile-${field.name}`}
        />
      ))}
      <label className="ov-field me-field">
        <span>Time zone</span>
        <select
          value={timeZone}
          onChange={(event) => setTimeZone(event.target.value)}
          aria-describedby="profile-time-zone-hint"
          data-testid="profile-timeZone"
        >
          {timeZoneChoices(account.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
        <span id="profile-time-zone-hint" className="me-field__hint">
          Analytics count your days and hours in this zone.
        </span>
      </label>
      <button type="submit" className="ov-button" disabled={busy} data-testid="profile-save">
        Save Profile
      </button>
    </form>
  );
}
