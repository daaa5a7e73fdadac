import type { ReactNode } from 'react';
import { Link } from '@onvelope/router';
import { merchantDisplayName, type MerchantSession } from '@onvelope/ui';
import { useHeaderMenu } from './use-header-menu.js';

interface DashboardHeaderProps {
  session: MerchantSession;
  ruleCount: number | null;
  /** Queries not opened yet (status sent); null until they are loaded. */
  unreadQueries: number | null;
  onUpload: () => void;
  onReports: () => void;
  onRules: () => void;
  onQueries: () => void;
  onDatabase: () => void;
  onLogout: () => void;
  /** Connect Web Store and Sync Orders (`store-front/StoreFrontActions.tsx`). */
  storeFrontActions?: ReactNode;
  /** The plan, trial or past-due state and Subscribe (`billing/HeaderBillingState.tsx`). */
  billingState?: ReactNode;
}

/**
 * spec 000 §2 header: name or email, role in upper case, account id, and the workspace buttons;
 * plus the billing state (spec 001: trial, subscription). On small screens the account details and
 * the buttons fold behind a Menu button (`workspace.css`), so the orders start on the first screen.
 */
export function DashboardHeader({
  session,
  ruleCount,
  unreadQueries,
  onUpload,
  onReports,
  onRules,
  onQueries,
  onDatabase,
  onLogout,
  storeFrontActions,
  billingState,
}: DashboardHeaderProps) {
  const role = session.userInfo?.role ?? session.claims.role;
  const {
    id: menuId,
    open,
    toggle,
    toggleRef,
    panelRef,
    closeAfterChoice,
    closeWhenFocusLeaves,
  } = useHeaderMenu();
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
        </div>
        <button
          type="button"
          ref={toggleRef}
          className="ov-button ov-button--secondary me-menu-toggle"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={toggle}
          data-testid="header-menu-toggle"
        >
          Menu
        </button>
        <div
          id={menuId}
          ref={panelRef}
          className={open ? 'me-header__menu me-header__menu--open' : 'me-header__menu'}
          onClick={closeAfterChoice}
          onBlur={closeWhenFocusLeaves}
        >
          <div className="me-identity me-identity--more">
            {session.claims.accountId && (
              <span className="me-account" data-testid="dashboard-account-id">
                Account {session.claims.accountId}
              </span>
            )}
            <Link to="/account-settings" data-testid="account-settings-link">
              Account settings
            </Link>
            {billingState}
          </div>
          <nav className="me-actions" aria-label="Dashboard">
            <Link
              to="/analytics"
              className="ov-button ov-button--secondary"
              data-testid="open-analytics"
            >
              Analytics
            </Link>
            <button
              type="button"
              className="ov-button ov-button--secondary"
              onClick={onUpload}
              data-testid="open-upload"
            >
              Upload CSV
            </button>
            <button
              type="button"
              className="ov-button ov-button--secondary"
              onClick={onReports}
              data-testid="open-reports"
            >
              Reports and Export
            </button>
            <button
              type="button"
              className="ov-button ov-button--secondary"
              onClick={onRules}
              data-testid="open-rules"
            >
              Create Custom Message
              {ruleCount !== null && (
                <span
                  className="me-badge"
                  aria-label={`${ruleCount} rules`}
                  data-testid="rule-count-badge"
                >
                  {ruleCount}
                </span>
              )}
            </button>
            <button
              type="button"
              className="ov-button ov-button--secondary"
              onClick={onDatabase}
              data-testid="open-database"
            >
              Manage Database
            </button>
            {storeFrontActions}
            <button
              type="button"
              className="ov-button ov-button--secondary"
              onClick={onQueries}
              data-testid="open-queries"
            >
              Order Queries
              {unreadQueries !== null && (
                <span
                  className="me-badge"
                  aria-label={`${unreadQueries} unread`}
                  data-testid="unread-queries-badge"
                >
                  {unreadQueries}
                </span>
              )}
            </button>
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
      </div>
    </header>
  );
}
