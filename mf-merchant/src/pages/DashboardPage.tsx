import { useCallback, useEffect, useState, type ComponentProps } from 'react';
import { Link, useNavigate } from '@onvelope/router';
import { searchTrackingEntries, type BulkSelection, type TrackingEntry } from '@onvelope/contracts';
import {
  clientMessages,
  localStorageKeys,
  logout,
  readMerchantSession,
  redirectDelays,
  type RemotePage,
  SessionExpiredNotice,
  unreadQueryCount,
  useDelayedNavigate,
} from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { HeaderBillingState } from '../billing/HeaderBillingState.js';
import { useReturnFlag } from '../billing/use-return-flag.js';
import { useSubscriptionReturn } from '../billing/use-subscription-return.js';
import { Modal } from '../components/Modal.js';
import { Toasts } from '../components/Toasts.js';
import { BulkBar } from '../dashboard/BulkBar.js';
import { BulkDialog } from '../dashboard/BulkDialog.js';
import { BulkExportDialog } from '../dashboard/BulkExportDialog.js';
import { DashboardHeader } from '../dashboard/DashboardHeader.js';
import { DatabaseManagement } from '../dashboard/DatabaseManagement.js';
import { NeedsAttention } from '../dashboard/NeedsAttention.js';
import { EmptyWorkspace } from '../dashboard/EmptyWorkspace.js';
import { OrderDetails } from '../dashboard/OrderDetails.js';
import { Pagination } from '../components/Pagination.js';
import { SearchResultsModal } from '../dashboard/SearchResultsModal.js';
import { CopyTrackingLink } from '../dashboard/CopyTrackingLink.js';
import { ShipDialog } from '../dashboard/ShipDialog.js';
import { TrackingCards } from '../dashboard/TrackingCards.js';
import { TrackingStats } from '../dashboard/TrackingStats.js';
import { TrackingTable } from '../dashboard/TrackingTable.js';
import { TrackingToolbar } from '../dashboard/TrackingToolbar.js';
import { phoneScreen, useMediaQuery } from '../dashboard/use-media-query.js';
import type { RowSelection } from '../dashboard/SelectionBoxes.js';
import { useWorkspaceData } from '../dashboard/use-workspace-data.js';
import {
  bulkSelectionOf,
  isSelected,
  noSelection,
  pageState,
  selectedCount,
  toggleOrder,
  togglePage,
  trackingListTemplate,
  type DashboardSelection,
} from '../dashboard/bulk-selection.js';
import {
  defaultTableQuery,
  filterByStatus,
  goToPage,
  pageSizeOf,
  setHideShipped,
  sortByColumn,
  sortByField,
  sortInOrder,
  withPageSize,
  type TableQuery,
} from '../shared/table-state.js';
import { searchFailure } from '../shared/workspace-messages.js';
import { useToasts } from '../hooks/use-toasts.js';
import { withSellerDates } from '../hooks/use-seller-date-display.js';
import { OrderQueriesInbox } from '../queries/OrderQueriesInbox.js';
import { useSellerQueries } from '../queries/use-seller-queries.js';
import { ReportsPanel } from '../reports/ReportsPanel.js';
import { KeywordRuleManager } from '../rules/KeywordRuleManager.js';
import { ConnectStoreDialogs } from '../store-front/ConnectStoreDialogs.js';
import { StoreFrontActions } from '../store-front/StoreFrontActions.js';
import { StoreFrontDialogs } from '../store-front/StoreFrontDialogs.js';
import { StoreFrontNotices } from '../store-front/StoreFrontNotices.js';
import { StoreFrontStatus } from '../store-front/StoreFrontStatus.js';
import { useStoreFront } from '../store-front/use-store-front.js';
import '../store-front/store-front.css';
import { CsvUploader } from '../upload/CsvUploader.js';
import './merchant.css';
import './workspace.css';

type Panel = 'upload' | 'reports' | 'rules' | 'database' | 'queries' | null;
interface SearchAnswer {
  term: string;
  results: TrackingEntry[];
  totalCount: number;
}

/**
 * Merchant dashboard (spec 000 §2): header, tracking stats, the tracking entries table with search,
 * filter, hide-shipped, sorting and paging, and the upload, custom message, database, order details,
 * search results and mark-as-shipped modals. The shell's guard admits only a signed-in merchant whose
 * onboarding is complete.
 */
const DashboardPage: RemotePage<'mf_merchant/DashboardPage'> = () => {
  const navigate = useNavigate();
  // spec 001: onboarding lands on /dashboard?trial=started; the welcome shows once, not on reloads.
  const trialStarted = useReturnFlag('trial', 'started');
  // spec 001: a verified seller lands on /dashboard?welcome=true; likewise shown once.
  const welcomed = useReturnFlag('welcome', 'true');
  // Read once: a 401 clears the stored token, and the page must keep showing why.
  const [session] = useState(() => readMerchantSession());
  const [query, setQuery] = useState<TableQuery>(() => ({
    ...defaultTableQuery,
    limit: pageSizeOf(localStorage.getItem(localStorageKeys.dashboardPageSize)),
  }));
  const [reloadKey, setReloadKey] = useState(0);
  const data = useWorkspaceData(query, reloadKey);
  const { toasts, show } = useToasts();
  const sellerQueries = useSellerQueries();
  const [panel, setPanel] = useState<Panel>(null);
  const [details, setDetails] = useState<TrackingEntry | null>(null);
  const [shipping, setShipping] = useState<TrackingEntry | null>(null);
  const [searching, setSearching] = useState(false);
  const [searchAnswer, setSearchAnswer] = useState<SearchAnswer | null>(null);
  const [selected, setSelected] = useState<DashboardSelection>(noSelection);
  // The selection is taken when the dialog opens: its count and its job are of that selection.
  const [bulk, setBulk] = useState<Omit<ComponentProps<typeof BulkDialog>, 'onClose'> | null>(null);
  const [bulkExport, setBulkExport] = useState<BulkSelection | null>(null);
  const [now, setNow] = useState(() => new Date());
  const reload = useCallback(() => {
    setNow(new Date());
    setReloadKey((key) => key + 1);
  }, []);
  const closePanel = useCallback(() => setPanel(null), []);
  const storeFront = useStoreFront(reload);
  const billing = useSubscriptionReturn(reload);
  const onPhone = useMediaQuery(phoneScreen);

  // spec 000 §4 and §9: a session found over (token expired, malformed or refused) goes to /login
  // after 2 s, long enough to read why.
  const delayedNavigate = useDelayedNavigate();
  const sessionOver = data.listFailure?.clearToken ?? false;
  useEffect(() => {
    if (sessionOver) delayedNavigate('/login', redirectDelays.afterSessionExpiry);
  }, [sessionOver, delayedNavigate]);

  /** Another filter: a selection belongs to the filter it was made under, so it starts empty. */
  const refilter = (next: TableQuery) => {
    setSelected(noSelection);
    setQuery(next);
  };

  const signOut = () => {
    logout();
    void navigate('/login', { replace: true });
  };

  const search = async (term: string) => {
    setSearching(true);
    try {
      const answer = await merchantApi.call(searchTrackingEntries, {
        query: { q: term, status: query.status },
      });
      setSearchAnswer({ term, results: answer.results, totalCount: answer.totalCount });
    } catch (error) {
      show('error', searchFailure(error));
    } finally {
      setSearching(false);
    }
  };

  /** After a ship or a tracking correction: say so, close the dialogs, reload. */
  const orderChanged = (toast: string) => {
    show('success', toast);
    setShipping(null);
    setDetails(null);
    setSearchAnswer(null);
    reload();
  };

  if (!session || (!session.userInfo && !session.user)) {
    return <MissingUserInfo onReturn={signOut} />;
  }

  const pagination = data.list?.pagination;
  const pageOrders = data.list?.entries.map((entry) => entry.orderNumber) ?? [];
  const rowSelection: RowSelection = {
    isSelected: (orderNumber) => isSelected(selected, orderNumber),
    onToggle: (orderNumber) => setSelected(toggleOrder(selected, orderNumber)),
    page: pageState(selected, pageOrders),
    onTogglePage: () => setSelected(togglePage(selected, pageOrders)),
  };
  return (
    <div className="me-dashboard" data-testid="dashboard-page">
      <SessionExpiredNotice />
      <DashboardHeader
        session={session}
        ruleCount={data.ruleCount}
        unreadQueries={sellerQueries.queries ? unreadQueryCount(sellerQueries.queries) : null}
        onUpload={() => setPanel('upload')}
        onReports={() => setPanel('reports')}
        onRules={() => setPanel('rules')}
        onQueries={() => {
          sellerQueries.reload();
          setPanel('queries');
        }}
        onDatabase={() => setPanel('database')}
        onLogout={signOut}
        storeFrontActions={<StoreFrontActions storeFront={storeFront} />}
        billingState={<HeaderBillingState subscription={billing.subscription} now={now} />}
      />
      <main className="ov-page me-workspace">
        {trialStarted && (
          <p className="ov-alert me-alert--success" role="status" data-testid="trial-started">
            Your 7-day free trial has started. Welcome aboard!
          </p>
        )}
        {billing.justSubscribed && (
          <p
            className="ov-alert me-alert--success"
            role="status"
            data-testid="subscription-success-notice"
          >
            {clientMessages.subscriptionSucceeded}
          </p>
        )}
        {welcomed && (
          <p className="ov-alert me-alert--success" role="status" data-testid="welcome-banner">
            Welcome to ONVELOPE! Your email is verified.
          </p>
        )}
        <StoreFrontNotices storeFront={storeFront} />
        {billing.confirming ? (
          // Calls made before the payment reached the services were refused; they load again next.
          <p className="me-muted me-confirming" role="status" data-testid="subscription-confirming">
            <span className="ov-spinner" aria-hidden="true" /> Activating your subscription...
          </p>
        ) : (
          <>
            <TrackingStats summary={data.summary} error={data.summaryError}>
              <StoreFrontStatus storeFront={storeFront} />
            </TrackingStats>
            <NeedsAttention onOpen={setDetails} notify={show} />
            <section className="ov-card me-entries" aria-label="Tracking entries">
              <div className="me-entries__head">
                <h1>Tracking entries</h1>
                {data.loading && <span className="ov-spinner" role="status" aria-label="Loading" />}
              </div>
              <TrackingToolbar
                status={query.status}
                hideShipped={query.omitShipped}
                searching={searching}
                sortBy={query.sortBy}
                sortOrder={query.sortOrder}
                onStatus={(status) => refilter(filterByStatus(query, status))}
                onSortBy={(field) => setQuery(sortByField(query, field))}
                onSortOrder={(order) => setQuery(sortInOrder(query, order))}
                onHideShipped={(hide) => refilter(setHideShipped(query, hide))}
                onSearch={(term) => void search(term)}
              />
              <BulkBar
                selected={selectedCount(selected)}
                wholePage={rowSelection.page === 'all'}
                allMatching={selected.kind === 'matching'}
                total={pagination?.total ?? 0}
                onSelectAllMatching={() =>
                  setSelected({ kind: 'matching', total: pagination?.total ?? 0 })
                }
                onClear={() => setSelected(noSelection)}
                onAction={(action) =>
                  action === 'export'
                    ? setBulkExport(bulkSelectionOf(selected, query))
                    : setBulk({
                        action,
                        selection: bulkSelectionOf(selected, query),
                        listTemplate: trackingListTemplate(selected),
                      })
                }
              />
              {data.listFailure ? (
                <p className="ov-alert ov-alert--error" role="alert" data-testid="list-error">
                  ERROR: {data.listFailure.text}
                  {data.listFailure.offerLogin && (
                    <>
                      {' '}
                      <Link to="/login" data-testid="list-error-login">
                        Go to login
                      </Link>
                    </>
                  )}
                </p>
              ) : data.summary?.total === 0 && data.list?.entries.length === 0 ? (
                <EmptyWorkspace
                  onUpload={() => setPanel('upload')}
                  onConnectStore={() => storeFront.setConnectStep('platform')}
                />
              ) : (
                data.list &&
                (onPhone ? (
                  <TrackingCards
                    entries={data.list.entries}
                    onOpen={setDetails}
                    onShip={setShipping}
                    selection={rowSelection}
                  />
                ) : (
                  <TrackingTable
                    entries={data.list.entries}
                    query={query}
                    onSort={(field) => setQuery(sortByColumn(query, field))}
                    onOpen={setDetails}
                    onShip={setShipping}
                    selection={rowSelection}
                  />
                ))
              )}
              {pagination && !data.listFailure && (
                <Pagination
                  page={pagination.page}
                  limit={pagination.limit}
                  total={pagination.total}
                  pages={pagination.pages}
                  onPage={(page) => setQuery(goToPage(query, page, pagination.pages))}
                  onPageSize={(limit) => {
                    localStorage.setItem(localStorageKeys.dashboardPageSize, String(limit));
                    setQuery(withPageSize(query, limit));
                  }}
                />
              )}
            </section>
          </>
        )}
      </main>

      {panel === 'upload' && (
        <Modal
          title="Upload CSV"
          onClose={() => {
            closePanel();
            reload();
          }}
          testId="upload-modal"
          wide
        >
          <CsvUploader onImported={reload} />
        </Modal>
      )}
      {panel === 'rules' && (
        <KeywordRuleManager
          onRulesChanged={data.setRuleCount}
          onOrdersChanged={reload}
          onClose={closePanel}
        />
      )}
      {panel === 'database' && (
        <DatabaseManagement
          onCleared={() => {
            reload();
            void storeFront.refreshConnections();
          }}
          onClose={closePanel}
        />
      )}
      {panel === 'reports' && <ReportsPanel onClose={closePanel} />}
      {panel === 'queries' && (
        <OrderQueriesInbox
          queries={sellerQueries.queries}
          error={sellerQueries.error}
          onChanged={sellerQueries.replace}
          onReload={sellerQueries.reload}
          onClose={closePanel}
        />
      )}
      {details && (
        <Modal
          title={`Order ${details.orderNumber}`}
          onClose={() => setDetails(null)}
          testId="order-details-modal"
          wide
          footer={
            <CopyTrackingLink
              orderNumber={details.orderNumber}
              onCopied={(text) => show('success', text)}
              onFailed={(text) => show('error', text)}
            />
          }
        >
          <OrderDetails entry={details} onShip={setShipping} onChanged={reload} />
        </Modal>
      )}
      {searchAnswer && (
        <SearchResultsModal
          {...searchAnswer}
          onShip={setShipping}
          onChanged={reload}
          onClose={() => setSearchAnswer(null)}
        />
      )}
      {shipping && (
        <ShipDialog
          entry={shipping}
          onShipped={orderChanged}
          onFailed={(toast) => show('error', toast)}
          onClose={() => setShipping(null)}
        />
      )}
      {bulk && (
        <BulkDialog
          {...bulk}
          onClose={(changed) => {
            setBulk(null);
            if (!changed) return;
            setSelected(noSelection);
            reload();
          }}
        />
      )}
      {bulkExport && (
        <BulkExportDialog selection={bulkExport} onClose={() => setBulkExport(null)} />
      )}
      <ConnectStoreDialogs storeFront={storeFront} onInfo={(text) => show('info', text)} />
      <StoreFrontDialogs storeFront={storeFront} />
      <Toasts toasts={toasts} />
    </div>
  );
};

export default withSellerDates(DashboardPage);

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
