import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from '@onvelope/router';
import {
  getCustomerProfile,
  listClaimedOrders,
  listCustomerQueries,
  type CustomerProfile,
} from '@onvelope/contracts';
import {
  clearCustomerSession,
  clientMessages,
  logout,
  storeCustomerInfo,
  Toasts,
  useToasts,
  type RemotePage,
} from '@onvelope/ui';
import { customerApi } from '../api.js';
import { identiconDataUrl } from '../domain/identicon.js';
import { toastDelays } from '../domain/toast-delays.js';
import { ClaimDialog } from '../portal/ClaimDialog.js';
import { ClaimedOrderCard, type ClaimedOrder } from '../portal/ClaimedOrderCard.js';
import { EditOrderDialog } from '../portal/EditOrderDialog.js';
import { EditProfileDialog } from '../portal/EditProfileDialog.js';
import { portalFailure } from '../portal/failure.js';
import { QueriesModal, type CustomerQuery } from '../portal/QueriesModal.js';
import { UnclaimDialog } from '../portal/UnclaimDialog.js';
import './customer.css';

type Dialog =
  | { kind: 'profile' }
  | { kind: 'claim' }
  | { kind: 'edit'; claim: ClaimedOrder }
  | { kind: 'unclaim'; claim: ClaimedOrder }
  | { kind: 'queries' }
  | null;

/** spec 001 §8 and §9: the portal's own success texts. */
const portalMessages = {
  unclaimed: 'Order unclaimed successfully! You can now re-claim it to get updated data.',
  resolved: 'Query marked as resolved successfully!',
} as const;

/** How long 'Failed to load profile' stays before the buyer is sent to sign in again. */
const profileFailureDelayMs = 2000;

/**
 * Buyer portal (spec 001 §2): the profile header and edit profile dialog, the claimed orders (each
 * showing the live order) with the claim, edit and unclaim dialogs, and the queries modal.
 */
const CustomerDashboardPage: RemotePage<'mf_customer/CustomerDashboardPage'> = () => {
  const navigate = useNavigate();
  const [customer, setCustomer] = useState<CustomerProfile | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [orders, setOrders] = useState<{ list: ClaimedOrder[] | null; error: string | null }>({
    list: null,
    error: null,
  });
  const [queries, setQueries] = useState<{ list: CustomerQuery[] | null; error: string | null }>({
    list: null,
    error: null,
  });
  const [loadCount, setLoadCount] = useState(0);
  const reload = useCallback(() => setLoadCount((count) => count + 1), []);
  const closeDialog = useCallback(() => setDialog(null), []);
  const { toasts, show } = useToasts();

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
        // spec 001 §8: the token is removed and the buyer goes to /customer-login (the shell opens
        // the sign-in with Buyer chosen).
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

  const signedIn = customer !== null;
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    const { signal } = controller;
    customerApi.call(listClaimedOrders, { signal }).then(
      (answer) => setOrders({ list: answer.orders, error: null }),
      (error: unknown) => {
        if (!signal.aborted) {
          setOrders({ list: null, error: portalFailure(error, 'Failed to load orders') });
        }
      },
    );
    customerApi.call(listCustomerQueries, { signal }).then(
      (answer) => setQueries({ list: answer.queries, error: null }),
      (error: unknown) => {
        if (!signal.aborted) {
          setQueries({ list: null, error: portalFailure(error, 'Failed to load queries') });
        }
      },
    );
    return () => controller.abort();
  }, [signedIn, loadCount]);

  const replaceQuery = (query: CustomerQuery) =>
    setQueries((current) => ({
      ...current,
      list: current.list?.map((item) => (item.id === query.id ? query : item)) ?? null,
    }));

  const signOut = () => {
    logout();
    // Back to the sign-in with Buyer chosen, as the buyer left it.
    void navigate('/customer-login');
  };

  return (
    <main className="ov-page cu-portal" data-testid="customer-dashboard-page">
      <header className="cu-portal-header">
        <h1>My orders</h1>
        <div className="cu-portal-header__actions">
          {customer && (
            <>
              <button
                type="button"
                className="ov-button"
                onClick={() => setDialog({ kind: 'claim' })}
                data-testid="open-claim"
              >
                Claim an order
              </button>
              <button
                type="button"
                className="ov-button ov-button--secondary"
                onClick={() => {
                  reload();
                  setDialog({ kind: 'queries' });
                }}
                data-testid="open-queries"
              >
                My queries
                {queries.list && (
                  <span className="cu-badge" data-testid="open-queries-count">
                    {queries.list.filter((query) => query.status !== 'resolved').length}
                  </span>
                )}
              </button>
            </>
          )}
          <button type="button" className="ov-button ov-button--secondary" onClick={signOut}>
            Logout
          </button>
        </div>
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
          <ProfileHeader
            customer={customer}
            orderCount={orders.list?.length ?? customer.orderCount}
            onEdit={() => setDialog({ kind: 'profile' })}
          />
          <ClaimedOrders
            orders={orders.list}
            error={orders.error}
            onEdit={(claim) => setDialog({ kind: 'edit', claim })}
            onUnclaim={(claim) => setDialog({ kind: 'unclaim', claim })}
          />
          {dialog?.kind === 'profile' && (
            <EditProfileDialog
              customer={customer}
              onClose={closeDialog}
              onSaved={(next) => {
                storeCustomerInfo(next);
                setCustomer(next);
                closeDialog();
                // A toast, like the portal's other successes: it goes after 5 s (spec 001 §9).
                show('success', clientMessages.profileUpdated);
              }}
            />
          )}
          {dialog?.kind === 'claim' && (
            <ClaimDialog
              customer={customer}
              onClose={closeDialog}
              onClaimed={(claim) => {
                closeDialog();
                show('success', `Order ${claim.order.orderNumber} claimed successfully!`);
                reload();
              }}
            />
          )}
          {dialog?.kind === 'edit' && (
            <EditOrderDialog
              claim={dialog.claim}
              onClose={closeDialog}
              onSaved={(claim) => {
                closeDialog();
                setOrders((current) => ({
                  ...current,
                  list: current.list?.map((item) => (item.id === claim.id ? claim : item)) ?? null,
                }));
              }}
            />
          )}
          {dialog?.kind === 'unclaim' && (
            <UnclaimDialog
              claim={dialog.claim}
              onClose={closeDialog}
              onUnclaimed={() => {
                closeDialog();
                show('success', portalMessages.unclaimed, toastDelays.unclaimed);
                reload();
              }}
            />
          )}
          {dialog?.kind === 'queries' && (
            <QueriesModal
              queries={queries.list}
              error={queries.error}
              onClose={closeDialog}
              onResolved={(query) => {
                replaceQuery(query);
                show('success', portalMessages.resolved, toastDelays.resolved);
              }}
              onFailed={(text) => show('error', text)}
            />
          )}
        </>
      )}
      <Toasts toasts={toasts} classPrefix="cu" />
    </main>
  );
};

export default CustomerDashboardPage;

function ClaimedOrders({
  orders,
  error,
  onEdit,
  onUnclaim,
}: {
  orders: ClaimedOrder[] | null;
  error: string | null;
  onEdit: (claim: ClaimedOrder) => void;
  onUnclaim: (claim: ClaimedOrder) => void;
}) {
  return (
    <section className="cu-claims" aria-label="Claimed orders" data-testid="claimed-orders">
      <h2>Claimed orders</h2>
      {error && (
        <p className="ov-alert ov-alert--error" role="alert" data-testid="orders-error">
          {error}
        </p>
      )}
      {!orders && !error && <p role="status">Loading your orders...</p>}
      {orders?.length === 0 && (
        <p className="cu-lead" data-testid="claims-empty">
          No claimed orders yet. Claim an order with the email, postcode and order number it was
          placed with.
        </p>
      )}
      {orders && orders.length > 0 && (
        <ul className="cu-claim-list">
          {orders.map((claim) => (
            <ClaimedOrderCard
              key={claim.id}
              claim={claim}
              onEdit={() => onEdit(claim)}
              onUnclaim={() => onUnclaim(claim)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function fullName(customer: CustomerProfile): string | null {
  return [customer.firstName, customer.lastName].filter(Boolean).join(' ') || null;
}

/** The buyer's card: the live list's length once loaded (it follows claims), the profile's count before. */
function ProfileHeader({
  customer,
  orderCount,
  onEdit,
}: {
  customer: CustomerProfile;
  orderCount: number | null;
  onEdit: () => void;
}) {
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
        {orderCount !== null && (
          <p className="cu-lead" data-testid="customer-order-count">
            {orderCount === 1 ? '1 claimed order' : `${orderCount} claimed orders`}
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
