import { useState } from 'react';
import { updateProfile, updateProfileRequest } from '@onvelope/contracts';
import {
  ContractForm,
  fieldErrorsOfAnswer,
  useContractForm,
  type TextFieldSpec,
} from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { FormFields } from '../components/Field.js';
import type { Account, TabProps } from './settings-account.js';

const profileInputs = [
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
type ProfileField = (typeof profileInputs)[number]['name'];
const profileFields: TextFieldSpec<ProfileField>[] = profileInputs.map((input) => ({
  ...input,
  testId: `profile-${input.name}`,
}));

/** Every zone the browser knows, the seller's own first when the list lacks it (an alias). */
function timeZoneChoices(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
}

export function ProfileTab({ account, onSaved, onFailed }: TabProps & { account: Account }) {
  // Profile edit: every field optional (spec 001 §5); an emptied field is sent empty to clear it.
  const form = useContractForm(
    updateProfileRequest,
    Object.fromEntries(profileFields.map(({ name }) => [name, account[name] ?? ''])) as Record<
      ProfileField,
      string
    >,
    { trim: true },
  );
  const [timeZone, setTimeZone] = useState(account.timeZone);

  async function save(values: Record<ProfileField, string>) {
    onSaved((await merchantApi.call(updateProfile, { body: { ...values, timeZone } })).account);
  }

  function failed(error: unknown) {
    const atFields = fieldErrorsOfAnswer(
      error,
      profileFields.map(({ name }) => name),
    );
    if (atFields) form.showErrors(atFields);
    else onFailed(error);
  }

  return (
    <ContractForm
      form={form}
      className="me-form me-form--grid"
      send={save}
      onFailed={failed}
      submit={{ text: 'Save Profile', testId: 'profile-save' }}
    >
      <FormFields fields={profileFields} field={form.field} />
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
    </ContractForm>
  );
}
