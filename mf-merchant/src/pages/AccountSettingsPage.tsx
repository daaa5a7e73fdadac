import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '@onvelope/router';
import { getSettings, portalReturnQuery } from '@onvelope/contracts';
import {
  ApiError,
  ChoiceTab,
  clientMessages,
  detailMessages,
  failureMessage,
  logout,
  readMerchantSession,
  redirectDelays,
  type RemotePage,
  storeMerchantUser,
  useDelayedNavigate,
} from '@onvelope/ui';
import { AccountInformation } from '../account-settings/AccountInformation.js';
import { EmailTab } from '../account-settings/EmailTab.js';
import { PasswordTab } from '../account-settings/PasswordTab.js';
import { ProfileTab } from '../account-settings/ProfileTab.js';
import type { Account } from '../account-settings/settings-account.js';
import { merchantApi } from '../api.js';
import { ApiKeysTab } from '../api-keys/ApiKeysTab.js';
import { BillingBlock } from '../billing/BillingBlock.js';
import { useReturnFlag } from '../billing/use-return-flag.js';
import { useSubscription } from '../billing/use-subscription.js';
import { BannerMessage, type Banner } from '../components/Field.js';
import { DeliveryEstimatesTab } from '../delivery/DeliveryEstimatesTab.js';
import { planNameOf } from '../billing/billing-state.js';
import { rememberSellerTimeZone, withSellerDates } from '../hooks/use-seller-date-display.js';
import { NotificationsTab } from '../notifications/NotificationsTab.js';
import { IntegrationsTab } from '../store-front/IntegrationsTab.js';
import { WebhooksTab } from '../webhooks/WebhooksTab.js';
import './merchant.css';

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
              <ChoiceTab
                key={id}
                selected={tab === id}
                onSelect={() => {
                  setTab(id);
                  setBanner(null);
                }}
                testId={`settings-tab-${id}`}
              >
                {label}
              </ChoiceTab>
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
