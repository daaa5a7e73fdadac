import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  logout,
  merchantDisplayName,
  readMerchantSession,
  type MerchantSession,
  type RemotePage,
} from '@onvelope/ui';
import './merchant.css';

/**
 * Merchant dashboard (spec 000 §2). The shell's guard admits only a signed-in merchant whose
 * onboarding is complete; this page shows who is signed in and the way out. Its workspace tools
 * (tracking table, upload, rules, reports, queries, store sync) arrive with later issues.
 */
const DashboardPage: RemotePage<'mf_merchant/DashboardPage'> = () => {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const session = readMerchantSession();

  const signOut = () => {
    logout();
    void navigate('/login', { replace: true });
  };

  if (!session || (!session.userInfo && !session.user))
    return <MissingUserInfo onReturn={signOut} />;

  return (
    <div className="me-dashboard" data-testid="dashboard-page">
      <DashboardHeader session={session} onLogout={signOut} />
      <main className="ov-page">
        {search.get('trial') === 'started' && (
          <p className="ov-alert me-alert--success" role="status" data-testid="trial-started">
            Your 7-day free trial has started. Welcome aboard!
          </p>
        )}
        {search.get('welcome') === 'true' && (
          <p className="ov-alert me-alert--success" role="status" data-testid="welcome-banner">
            Welcome to ONVELOPE! Your email is verified.
          </p>
        )}
        <p className="ov-alert ov-alert--info">
          Your tracking entries, uploads and store sync are not available yet.
        </p>
      </main>
    </div>
  );
};

export default DashboardPage;

function DashboardHeader({
  session,
  onLogout,
}: {
  session: MerchantSession;
  onLogout: () => void;
}) {
  const role = session.userInfo?.role ?? session.claims.role;
  return (
    <header className="me-header">
      <div className="me-header__inner">
        <div className="me-identity">
          <span className="me-brand">ONVELOPE</span>
          <span data-testid="dashboard-user-name">
            {merchantDisplayName(session) ?? 'Signed in'}
          </span>
          {role && (
            <span className="me-role" data-testid="dashboard-user-role">
              {role.toUpperCase()}
            </span>
          )}
          {session.claims.accountId && (
            <span className="me-account" data-testid="dashboard-account-id">
              Account {session.claims.accountId}
            </span>
          )}
        </div>
        <nav className="me-actions" aria-label="Dashboard">
          <Link to="/analytics" className="ov-button ov-button--secondary">
            Analytics
          </Link>
          <Link to="/upload" className="ov-button ov-button--secondary">
            Upload CSV
          </Link>
          <Link to="/account-settings">Account settings</Link>
          <button
            type="button"
            className="ov-button"
            onClick={onLogout}
            data-testid="logout-button"
          >
            Logout
          </button>
        </nav>
      </div>
    </header>
  );
}

/** spec 001 §2, missing user info screen. */
function MissingUserInfo({ onReturn }: { onReturn: () => void }) {
  return (
    <main className="ov-page me-missing" data-testid="missing-user-info">
      <p className="ov-alert ov-alert--error">ERROR: USER INFO NOT FOUND</p>
      <button type="button" className="ov-button" onClick={onReturn}>
        RETURN TO LOGIN
      </button>
    </main>
  );
}
