import { lastSyncLabel, lastSyncSummary, phaseText } from './store-front-logic.js';
import type { StoreFrontState } from './use-store-front.js';

/**
 * spec 000 §2 tracking stats, store parts: the connected stores, the last sync's result, and the
 * live progress (bar and phase text) while a sync runs. Nothing shows before any connection; a
 * list that could not be read says so.
 */
export function StoreFrontStatus({ storeFront }: { storeFront: StoreFrontState }) {
  const { connections, progress, activity } = storeFront;
  const active = connections?.filter((connection) => connection.isActive) ?? [];
  if (!connections && storeFront.connectionsError) {
    return (
      <p className="ov-alert ov-alert--error" role="alert" data-testid="connections-error">
        {storeFront.connectionsError}
      </p>
    );
  }
  if (!connections || connections.length === 0) return null;
  const syncing = activity.kind === 'syncing' || activity.kind === 'starting';
  const live = syncing && progress?.isCurrentlySyncing ? progress : null;
  const lastResult = syncing ? null : lastSyncSummary(progress);
  return (
    <div className="sf-status" data-testid="store-front-status">
      <div>
        <h2 className="sf-status__title">Connected stores</h2>
        {active.length === 0 ? (
          <p className="me-muted" data-testid="connected-stores-none">
            No store connected. Use Connect Web Store to connect one again.
          </p>
        ) : (
          <ul className="sf-stores" data-testid="connected-stores">
            {active.map((connection) => (
              <li key={connection.id} data-testid="connected-store">
                <strong>{connection.storeName}</strong>{' '}
                <span className="me-muted">{connection.storeUrl}</span>
                <br />
                <span className="me-muted" data-testid="connected-store-last-sync">
                  Last sync: {lastSyncLabel(connection.lastSyncAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {lastResult && (
        <p className="sf-last-result" data-testid="last-sync-result">
          Last sync result: {lastResult}
        </p>
      )}
      {syncing && (
        <div className="sf-progress" data-testid="sync-progress">
          <div className="sf-progress__text">
            <span data-testid="sync-phase">
              {live ? phaseText(live.progress.phase, live.progress) : phaseText('starting')}
            </span>
            <span data-testid="sync-percentage">{live?.progress.percentage ?? 0}%</span>
          </div>
          <progress
            className="sf-progress__bar"
            max={100}
            value={live?.progress.percentage ?? 0}
            aria-label="Sync progress"
            data-testid="sync-progress-bar"
          />
          {live && (
            <p className="me-muted" data-testid="sync-counts">
              {live.progress.ordersProcessed} of {live.progress.totalOrders} orders processed,{' '}
              {live.progress.syncedCount} new, page {live.progress.currentPage},{' '}
              {live.progress.elapsedSeconds} s
            </p>
          )}
        </div>
      )}
    </div>
  );
}
