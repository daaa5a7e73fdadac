import { isBusy, lastSyncSummary, phaseText, type ConnectionSync } from './store-front-logic.js';

/**
 * One connection's live progress (bar, phase text, counts) while its sync runs, else its last
 * sync's result (spec 000 §2 tracking stats, §4). Shown on the dashboard and in settings.
 */
export function ConnectionSyncDetails({ sync }: { sync: ConnectionSync }) {
  const { activity, progress } = sync;
  const running = activity.kind === 'syncing' || activity.kind === 'starting';
  if (!running) {
    const lastResult = isBusy(sync) ? null : lastSyncSummary(progress);
    return lastResult ? (
      <p className="sf-last-result" data-testid="last-sync-result">
        Last sync result: {lastResult}
      </p>
    ) : null;
  }
  const live = progress?.isCurrentlySyncing ? progress : null;
  return (
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
  );
}
