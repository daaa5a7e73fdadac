import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  getCustomerProfile,
  updateCustomerProfile,
  type CustomerProfile,
} from '@onvelope/contracts';
import {
  ApiError,
  clearCustomerSession,
  clientMessages,
  createApiClient,
  detailMessages,
  failureMessage,
  logout,
  readCustomerSession,
  storeCustomerInfo,
  type RemotePage,
} from '@onvelope/ui';
import { identiconDataUrl } from '../domain/identicon.js';
import './customer.css';

// Buyer calls carry the buyer's own token (customerAuthToken), never the seller's.
const customerApi = createApiClient({ getToken: () => readCustomerSession()?.token ?? null });

/** How long 'Failed to load profile' stays before the buyer is sent to sign in again. */
const profileFailureDelayMs = 2000;

/**
 * Buyer portal (spec 001 §2): the profile header and the edit profile dialog over
 * GET/PATCH /api/customer-auth/profile. Claimed orders and queries arrive with their issue.
 */
const CustomerDashboardPage: RemotePage<'mf_customer/CustomerDashboardPage'> = () => {
  const navigate = useNavigate();
  const [customer, setCustomer] = useState<CustomerProfile | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    customerApi.call(getCustomerProfile).then(
      (answer) => {
        if (!live) return;
        storeCustomerInfo(answer.customer);
        setCustomer(answer.customer);
      },
      () => {
        if (!live) return;
        // spec 001 §8: the token is removed and the buyer goes to /customer-login.
        setLoadError(clientMessages.customerProfileLoadFailed);
        clearCustomerSession();
        timer = setTimeout(
          () => void navigate('/customer-login', { replace: true }),
          profileFailureDelayMs,
        );
      },
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [navigate]);

  const signOut = () => {
    logout();
    void navigate('/login');
  };

  return (
    <main className="ov-page cu-portal" data-testid="customer-dashboard-page">
      <header className="cu-portal-header">
        <h1>My orders</h1>
        <button type="button" className="ov-button ov-button--secondary" onClick={signOut}>
          Logout
        </button>
      </header>
      {loadError && (
        <p className="ov-alert ov-alert--error" role="alert" data-testid="customer-load-error">
          {loadError}
        </p>
      )}
      {!customer && !loadError && (
        <p role="status" data-testid="customer-loading">
          Loading your profile...
        </p>
      )}
      {customer && (
        <>
          <ProfileHeader customer={customer} onEdit={() => setEditing(true)} />
          {notice && (
            <p className="ov-alert cu-alert--success" role="status" data-testid="customer-notice">
              {notice}
            </p>
          )}
          <p className="ov-alert ov-alert--info">
            Claiming orders and sending queries are not available yet.
          </p>
          {editing && (
            <EditProfileDialog
              customer={customer}
              onClose={() => setEditing(false)}
              onSaved={(next) => {
                storeCustomerInfo(next);
                setCustomer(next);
                setEditing(false);
                setNotice(clientMessages.profileUpdated);
              }}
            />
          )}
        </>
      )}
    </main>
  );
};

export default CustomerDashboardPage;

function fullName(customer: CustomerProfile): string | null {
  return [customer.firstName, customer.lastName].filter(Boolean).join(' ') || null;
}

function ProfileHeader({ customer, onEdit }: { customer: CustomerProfile; onEdit: () => void }) {
  return (
    <section className="ov-card cu-profile" data-testid="customer-profile">
      <img
        className="cu-avatar"
        src={customer.avatar || identiconDataUrl(customer.email)}
        alt=""
        width={64}
        height={64}
        data-testid="customer-avatar"
      />
      <div>
        <p className="cu-profile__name" data-testid="customer-name">
          {fullName(customer) ?? 'Your account'}
        </p>
        <p className="cu-profile__email" data-testid="customer-email">
          {customer.email}
        </p>
        {customer.defaultPostcode && (
          <p className="cu-lead" data-testid="customer-postcode">
            Default postcode: {customer.defaultPostcode}
          </p>
        )}
      </div>
      <button
        type="button"
        className="ov-button ov-button--secondary"
        onClick={onEdit}
        data-testid="edit-profile"
      >
        Edit Profile
      </button>
    </section>
  );
}

const fields = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name', type: 'text' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name', type: 'text' },
  { name: 'email', label: 'Email', autoComplete: 'email', type: 'email' },
  { name: 'defaultPostcode', label: 'Default postcode', autoComplete: 'postal-code', type: 'text' },
  { name: 'avatar', label: 'Avatar URL', autoComplete: 'photo', type: 'url' },
] as const;
type ProfileField = (typeof fields)[number]['name'];

function EditProfileDialog({
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
    <div className="cu-dialog-backdrop">
      <div
        className="ov-card cu-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="edit-profile-title"
        data-testid="edit-profile-dialog"
      >
        <h2 id="edit-profile-title">Edit profile</h2>
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
      </div>
    </div>
  );
}
