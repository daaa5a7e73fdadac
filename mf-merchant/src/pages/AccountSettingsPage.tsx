import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from '@onvelope/router';
import {
  authValidationMessages,
  getSettings,
  portalReturnQuery,
  updateEmail,
  updatePassword,
  updateProfile,
  updateProfileRequest,
  type ResponseOf,
} from '@onvelope/contracts';
import {
  ApiError,
  clientMessages,
  detailMessages,
  errorsAfterEdit,
  failureMessage,
  fieldErrorsOf,
  fieldErrorsOfAnswer,
  localStorageKeys,
  logout,
  readMerchantSession,
  redirectDelays,
  storeMerchantUser,
  TimeText,
  useFirstInvalidField,
  type RemotePage,
} from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { ApiKeysTab } from '../api-keys/ApiKeysTab.js';
import { BillingBlock } from '../billing/BillingBlock.js';
import { useReturnFlag } from '../billing/use-return-flag.js';
import { useSubscription } from '../billing/use-subscription.js';
import { BannerMessage, Field, type Banner } from '../components/Field.js';
import { DeliveryEstimatesTab } from '../delivery/DeliveryEstimatesTab.js';
import { emailError, passwordError } from '../domain/auth-form.js';
import { planNameOf } from '../domain/billing-state.js';
import { rememberSellerTimeZone, withSellerDates } from '../hooks/use-seller-date-display.js';
import { NotificationsTab } from '../notifications/NotificationsTab.js';
import { IntegrationsTab } from '../store-front/IntegrationsTab.js';
import { useDelayedNavigate } from '../use-delayed-navigate.js';
import { WebhooksTab } from '../webhooks/WebhooksTab.js';
import './merchant.css';

type Account = ResponseOf<typeof getSettings>['account'];
type Tab =
  | 'profile'
  | 'email'
  | 'password'
  | 'integrations'
  | 'delivery'
  | 'notifications'
  | 'api-keys'
  | 'webhooks';

const tabs: { id: Tab; label: string }[] = [
  { id: 'profile', label: 'PROFILE' },
  { id: 'email', label: 'EMAIL' },
  { id: 'password', label: 'PASSWORD' },
  { id: 'integrations', label: 'INTEGRATIONS' },
  { id: 'delivery', label: 'DELIVERY' },
  { id: 'notifications', label: 'NOTIFICATIONS' },
  { id: 'api-keys', label: 'API KEYS' },
  { id: 'webhooks', label: 'WEBHOOKS' },
];

/** `?tab=integrations` opens that tab (links in the seller's e-mails); PROFILE otherwise (spec). */
const tabNamed = (name: string | null): Tab =>
  tabs.find((candidate) => candidate.id === name)?.id ?? 'profile';

/**
 * /account-settings (spec 001 §2): PROFILE, EMAIL and PASSWORD tabs over GET /auth/settings, with
 * the account information block and the success and error banners, and the INTEGRATIONS tab
 * (store-front connection, `store-front/IntegrationsTab.tsx`), and DELIVERY (the seller's own
 * delivery estimate, `delivery/DeliveryEstimatesTab.tsx`, issue 33), and NOTIFICATIONS (the buyer
 * e-mails, `notifications/NotificationsTab.tsx`, issue 34), and API KEYS (keys for the seller's own
 * tools, `api-keys/ApiKeysTab.tsx`, issue 35) and WEBHOOKS beside it (`webhooks/WebhooksTab.tsx`,
 * issue 35). The billing block
 * (`billing/BillingBlock.tsx`) shows GET /api/payments/subscription.
 */
const AccountSettingsPage: RemotePage<'mf_merchant/AccountSettingsPage'> = () => {
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const [state, setState] = useState<'loading' | 'failed' | 'ready'>('loading');
  const [account, setAccount] = useState<Account | null>(null);
  const [search] = useSearchParams();
  const [tab, setTab] = useState<Tab>(() => tabNamed(search.get('tab')));
  const [banner, setBanner] = useState<Banner>(null);
  const [expired, setExpired] = useState(false);
  const billing = useSubscription({ confirmPayment: false, withPortal: true });
  // Back from cancelling in the customer portal: confirmed once, then gone from the address.
  const justCancelled = useReturnFlag(portalReturnQuery.name, portalReturnQuery.cancelled);
  const [now] = useState(() => new Date());

  // spec 001 §2, §4: an expired session says so, then goes to /login after 2 s.
  function endSession() {
    setExpired(true);
    setBanner({ kind: 'error', text: clientMessages.sessionExpired });
    logout();
    navigateLater('/login', redirectDelays.afterSessionExpiry);
  }

  /** A failed call: the session is over, or the server's words (details first), or the fallback. */
  function failed(error: unknown, fallback: string) {
    if (isSessionOver(error)) return endSession();
    setBanner({ kind: 'error', text: detailMessages(error) ?? failureMessage(error, fallback) });
  }

  useEffect(() => {
    let live = true;
    // A missing, expired or malformed token forces logout before anything is asked (spec 001 §4).
    const load = readMerchantSession()
      ? merchantApi.call(getSettings)
      : Promise.reject(new ApiError(401, 'Token expired'));
    load.then(
      (answer) => {
        if (!live) return;
        setAccount(answer.account);
        setState('ready');
      },
      (error: unknown) => {
        if (!live) return;
        setState('failed');
        if (isSessionOver(error)) endSession();
        else console.error(clientMessages.settingsFetchFailed, error);
      },
    );
    return () => {
      live = false;
    };
    // Runs once per visit; endSession only schedules a navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function saved(next: Account, message: string) {
    setAccount(next);
    rememberSellerTimeZone(next.timeZone);
    setBanner({ kind: 'success', text: message });
    const user = readMerchantSession()?.user;
    if (user) storeMerchantUser({ ...user, email: next.email, displayName: next.displayName });
  }

  return (
    <main className="ov-page me-page me-settings" data-testid="account-settings-page">
      <button
        type="button"
        className="ov-button ov-button--secondary me-back"
        onClick={() => void navigate('/dashboard')}
        data-testid="back-to-dashboard"
      >
        Back to Dashboard
      </button>
      <h1>Account settings</h1>
      <BannerMessage banner={banner} testId="settings" />
      {state === 'loading' && (
        <p role="status" data-testid="settings-loading">
          Loading account settings...
        </p>
      )}
      {state === 'failed' && !expired && (
        <p className="ov-alert ov-alert--error" data-testid="settings-failed">
          {clientMessages.settingsLoadFailed}
        </p>
      )}
      {state === 'ready' && account && !expired && (
        <>
          <AccountInformation
            account={account}
            planName={planNameOf(billing.subscription?.planName, account.plan)}
          />
          <BillingBlock billing={billing} now={now} justCancelled={justCancelled} />
          <div className="me-tabs" role="tablist" aria-label="Settings">
            {tabs.map(({ id, label }) => (
              <button
                key={id}
                type="button"
                role="tab"
                aria-selected={tab === id}
                className={tab === id ? 'me-tab me-tab--active' : 'me-tab'}
                onClick={() => {
                  setTab(id);
                  setBanner(null);
                }}
                data-testid={`settings-tab-${id}`}
              >
                {label}
              </button>
            ))}
          </div>
          <div className="ov-card" role="tabpanel">
            {tab === 'profile' && (
              <ProfileTab
                account={account}
                onSaved={(next) => saved(next, clientMessages.profileUpdated)}
                onFailed={(error) => failed(error, clientMessages.profileUpdateFailed)}
              />
            )}
            {tab === 'email' && (
              <EmailTab
                account={account}
                onSaved={(next) => saved(next, clientMessages.emailUpdated)}
                onFailed={(error) => failed(error, clientMessages.emailUpdateFailed)}
              />
            )}
            {tab === 'password' && (
              <PasswordTab
                onSaved={() => setBanner({ kind: 'success', text: clientMessages.passwordUpdated })}
                onFailed={(error) => failed(error, clientMessages.passwordUpdateFailed)}
              />
            )}
            {tab === 'integrations' && (
              <IntegrationsTab
                onSucceeded={(text) => setBanner({ kind: 'success', text })}
                onFailed={failed}
                onInfo={(text) => setBanner({ kind: 'info', text })}
              />
            )}
            {tab === 'delivery' && (
              <DeliveryEstimatesTab
                onSaved={(text) => setBanner({ kind: 'success', text })}
                onFailed={failed}
              />
            )}
            {tab === 'notifications' && (
              <NotificationsTab
                onSaved={(text) => setBanner({ kind: 'success', text })}
                onFailed={failed}
              />
            )}
            {tab === 'api-keys' && (
              <ApiKeysTab
                onSaved={(text) => setBanner({ kind: 'success', text })}
                onFailed={failed}
              />
            )}
            {tab === 'webhooks' && (
              <WebhooksTab
                onSaved={(text) => setBanner({ kind: 'success', text })}
                onFailed={failed}
              />
            )}
          </div>
        </>
      )}
    </main>
  );
};

export default withSellerDates(AccountSettingsPage);

// A 401 or the spec's expiry words end the session, except a refused password: svc-auth may answer
// a wrong current password with 401 too, and that must not sign the seller out.
function isSessionOver(error: unknown): boolean {
  return error instanceof ApiError && error.isSessionExpired && !/password/i.test(error.message);
}

/**
 * spec 001 §2: plan (upper-cased), member since, last login. The plan is its name ('PRO MONTHLY'),
 * the subscription's when it has loaded, else the catalogue's for the account's plan id.
 */
function AccountInformation({ account, planName }: { account: Account; planName: string | null }) {
  return (
    <dl className="me-account-info" data-testid="account-information">
      <div>
        <dt>Plan</dt>
        <dd data-testid="account-plan">{(planName ?? 'none').toUpperCase()}</dd>
      </div>
      <div>
        <dt>Member since</dt>
        <dd data-testid="account-member-since">
          <TimeText value={account.createdAt} />
        </dd>
      </div>
      {account.lastLoginAt && (
        <div>
          <dt>Last login</dt>
          <dd data-testid="account-last-login">
            <TimeText value={account.lastLoginAt} />
          </dd>
        </div>
      )}
    </dl>
  );
}

interface TabProps {
  onSaved: (account: Account) => void;
  onFailed: (error: unknown) => void;
}

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

function ProfileTab({ account, onSaved, onFailed }: TabProps & { account: Account }) {
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

function EmailTab({ account, onSaved, onFailed }: TabProps & { account: Account }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ newEmail?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const [formRef, revealFirstInvalid] = useFirstInvalidField<HTMLFormElement>();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = { newEmail: emailError(newEmail), password: passwordError(password, false) };
    setErrors(found);
    if (found.newEmail || found.password) return revealFirstInvalid();
    setBusy(true);
    try {
      const answer = await merchantApi.call(updateEmail, {
        body: { newEmail: newEmail.trim(), password },
      });
      // Like a new password, a new email ends every older token; the answer carries the new one.
      localStorage.setItem(localStorageKeys.authToken, answer.token);
      setNewEmail('');
      setPassword('');
      onSaved(answer.account);
    } catch (error) {
      onFailed(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="me-form" onSubmit={(event) => void save(event)} noValidate>
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
        value={newEmail}
        onChange={setNewEmail}
        error={errors.newEmail}
        testId="email-new"
      />
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
        testId="email-password"
      />
      <button type="submit" className="ov-button" disabled={busy} data-testid="email-save">
        Update Email
      </button>
    </form>
  );
}

function PasswordTab({
  onSaved,
  onFailed,
}: {
  onSaved: () => void;
  onFailed: TabProps['onFailed'];
}) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'current' | 'new' | 'confirm', string>>>({});
  const [busy, setBusy] = useState(false);
  const [formRef, revealFirstInvalid] = useFirstInvalidField<HTMLFormElement>();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      current: passwordError(currentPassword, false),
      new: passwordError(newPassword, true),
      confirm: newPassword === confirmPassword ? undefined : authValidationMessages.passwordsDiffer,
    };
    setErrors(found);
    if (found.current || found.new || found.confirm) return revealFirstInvalid();
    setBusy(true);
    try {
      const answer = await merchantApi.call(updatePassword, {
        body: { currentPassword, newPassword, confirmPassword },
      });
      // The change ends every older token, this one included; the answer carries the new one.
      localStorage.setItem(localStorageKeys.authToken, answer.token);
      setCurrentPassword('');
      setNewPassword('');
      setConfirmPassword('');
      onSaved();
    } catch (error) {
      onFailed(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="me-form" onSubmit={(event) => void save(event)} noValidate>
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={setCurrentPassword}
        error={errors.current}
        testId="password-current"
      />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onChange={setNewPassword}
        error={errors.new}
        testId="password-new"
      />
      <Field
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={setConfirmPassword}
        error={errors.confirm}
        testId="password-confirm"
      />
      <button type="submit" className="ov-button" disabled={busy} data-testid="password-save">
        Update Password
      </button>
    </form>
  );
}
