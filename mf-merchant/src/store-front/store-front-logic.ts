import type {
  getSyncProgress,
  getSyncStatus,
  listConnections,
  ResponseOf,
  syncOrders,
} from '@onvelope/contracts';
import { storeFrontMessages } from '@onvelope/contracts';
import { ApiError, failureMessage } from '@onvelope/ui';

export type StoreFrontConnection = ResponseOf<typeof listConnections>['connections'][number];
export type SyncProgress = ResponseOf<typeof getSyncProgress>;
export type SyncResult = ResponseOf<typeof syncOrders>;
export type FirstSyncInfo = ResponseOf<typeof getSyncStatus>;

/** The store-front's name in messages (spec 000 §8 '{store-front}'). */
export const storeFrontName = 'BigCartel';

/** spec 000 §8, spec 001 §8: every text the store-front screens show themselves. */
export const storeFrontTexts = {
  storeUrlRequired: storeFrontMessages.storeUrlRequired,
  connectFailed: `Failed to initiate ${storeFrontName} connection`,
  noAuthUrl: 'No authorization URL received',
  noConnection: storeFrontMessages.noConnection,
  startFailed: `Failed to start ${storeFrontName} sync`,
  syncFailed: storeFrontMessages.syncFailed,
  disconnected: `${storeFrontName} disconnected successfully!`,
  /** spec 001 §8: the account settings' wording. */
  disconnectFailed: `Failed to disconnect ${storeFrontName}`,
  /** spec 000 §8: the dashboard's wording. */
  disconnectStoreFailed: `Failed to disconnect ${storeFrontName} store`,
  etsyComingSoon: 'Etsy integration coming soon!',
  shopifyComingSoon: 'Shopify integration coming soon!',
} as const;

/** spec 000 §9: progress is polled every 3 s; a first sync above 1000 orders gets the warning. */
export const syncPollMs = 3000;
export const largeStoreThreshold = 1000;
/** spec 000 §9: the sync notice stays 10 s, the return-from-authorisation notice 5 s. */
export const syncNoticeMs = 10_000;
export const connectedNoticeMs = 5000;
/** spec 000 §7, spec 001 §9: connection data is read again about 1 s after a successful sync. */
export const connectionRefreshDelayMs = 1000;
/** Polls that may fail in a row (a restart, a blip) before the screen gives up watching. */
export const maxFailedPolls = 3;

export const largeStoreWarning =
  'This is a large store: the first sync may take 10-15 minutes and runs in the background. ' +
  'You can keep working while it runs.';

export function isLargeStore(estimatedOrders: number): boolean {
  return estimatedOrders > largeStoreThreshold;
}

/**
 * spec 000 §5: the store URL must be non-blank and a URL. A bare host (`mystore.bigcartel.com`)
 * is taken as https, since that is how sellers copy it from the address bar. Returns the URL to
 * send, or null with the spec's message to show.
 */
export function normaliseStoreUrl(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!url.hostname.includes('.') || /\s/.test(text)) return null;
  return url.origin + (url.pathname === '/' ? '' : url.pathname);
}

/** The connections that can sync: every active one, in the order they were connected. */
export function activeConnections(
  connections: readonly StoreFrontConnection[] | null,
): StoreFrontConnection[] {
  return connections?.filter((connection) => connection.isActive) ?? [];
}

/**
 * Where one connection's sync stands on screen: its own activity, its latest progress (the last
 * result once it ended) and its own notice.
 */
export interface ConnectionSync {
  activity: SyncActivity;
  progress: SyncProgress | null;
  notice: Notice | null;
}

export type SyncActivity =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'confirming'; info: FirstSyncInfo }
  | { kind: 'starting' }
  | { kind: 'syncing'; mode: 'full' | 'incremental' };

export const idleSync: ConnectionSync = {
  activity: { kind: 'idle' },
  progress: null,
  notice: null,
};

/** spec 000 §4: the sync buttons are disabled while a sync or its status check runs. */
export function isBusy(sync: ConnectionSync): boolean {
  const { kind } = sync.activity;
  return kind === 'checking' || kind === 'starting' || kind === 'syncing';
}

/** The syncs with one connection's changed; the others stay as they were. */
export function withSync(
  syncs: Readonly<Record<string, ConnectionSync>>,
  connectionId: string,
  change: Partial<ConnectionSync>,
): Record<string, ConnectionSync> {
  return { ...syncs, [connectionId]: { ...(syncs[connectionId] ?? idleSync), ...change } };
}

export function syncOf(
  syncs: Readonly<Record<string, ConnectionSync>>,
  connectionId: string,
): ConnectionSync {
  return syncs[connectionId] ?? idleSync;
}

/** The first connection waiting for its first-sync confirmation (one dialog at a time). */
export function awaitingConfirmation(
  connections: readonly StoreFrontConnection[],
  syncs: Readonly<Record<string, ConnectionSync>>,
): { connection: StoreFrontConnection; info: FirstSyncInfo } | null {
  for (const connection of connections) {
    const { activity } = syncOf(syncs, connection.id);
    if (activity.kind === 'confirming') return { connection, info: activity.info };
  }
  return null;
}

/** spec 000 §4: each sync phase has its own progress text. */
export function phaseText(phase: string, progress?: SyncProgress['progress']): string {
  const page = /^fetching_page_(\d+)$/.exec(phase);
  if (page) return `Fetching orders from ${storeFrontName}: page ${page[1]}...`;
  const batch = /^processing_batch_(\d+)$/.exec(phase);
  if (batch) return `Saving orders: batch ${batch[1]}...`;
  switch (phase) {
    case 'queued':
      return 'Waiting for a sync worker...';
    case 'starting':
      return 'Starting sync...';
    case 'fetching_orders':
      return `Counting orders in your ${storeFrontName} store...`;
    case 'processing_orders':
      return progress
        ? `Processing ${progress.ordersProcessed} of ${progress.totalOrders} orders...`
        : 'Processing orders...';
    case 'completed':
      return 'Sync complete';
    case 'failed':
      return 'Sync failed';
    default:
      return `Syncing (${phase})...`;
  }
}

export interface Notice {
  kind: 'success' | 'error';
  text: string;
}

/** The counts a finished sync reports (spec 001 §3 "Sync result"). */
export interface SyncCounts {
  syncedCount: number;
  /** The orders at the store-front, for 'all {n} orders are up to date'. */
  ordersInStore: number;
  errorCount: number;
}

/**
 * spec 000 §8, spec 001 §8: 'Successfully synced {n} new orders from BigCartel!' when new orders
 * came, 'Sync completed - all {n} BigCartel orders are up to date!' when none did, and 'Sync
 * completed with errors: ...' when some orders could not be read.
 */
export function syncOutcome(counts: SyncCounts): Notice {
  if (counts.errorCount > 0) {
    const orders = counts.errorCount === 1 ? 'order' : 'orders';
    return {
      kind: 'error',
      text:
        `Sync completed with errors: ${counts.errorCount} ${orders} could not be imported ` +
        `(${counts.syncedCount} new orders synced)`,
    };
  }
  if (counts.syncedCount > 0) {
    return {
      kind: 'success',
      text: `Successfully synced ${counts.syncedCount} new orders from ${storeFrontName}!`,
    };
  }
  return {
    kind: 'success',
    text: `Sync completed - all ${counts.ordersInStore} ${storeFrontName} orders are up to date!`,
  };
}

export function countsOfResult(result: SyncResult): SyncCounts {
  return {
    syncedCount: result.syncedCount,
    ordersInStore: result.totalOrdersInStore,
    errorCount: result.errorCount,
  };
}

/**
 * How a watched sync ended, read from its last progress: failed ones say why (the service's
 * error, else 'Failed to sync orders').
 */
export function progressOutcome(progress: SyncProgress): Notice {
  if (progress.syncStatus === 'failed') {
    return { kind: 'error', text: progress.lastSyncError ?? storeFrontTexts.syncFailed };
  }
  return syncOutcome({
    syncedCount: progress.progress.syncedCount,
    ordersInStore: ordersInStoreOf(progress),
    errorCount: progress.progress.errorCount,
  });
}

/**
 * The store's order count a sync reports against. An incremental sync's `totalOrders` are only
 * the orders that changed; a job recorded before the store's count was kept has only those.
 */
function ordersInStoreOf(progress: SyncProgress): number {
  return progress.progress.totalOrdersInStore || progress.progress.totalOrders;
}

/** spec 000 §8, spec 001 §8: a disconnect that failed, with the service's reason when it gave one. */
export function disconnectFailure(error: unknown, text: string): string {
  const reason = error instanceof ApiError ? error.serverMessage : undefined;
  return reason ? `${text}: ${reason}` : text;
}

/** A start that failed: 'Failed to start BigCartel sync', with the service's reason when it gave one. */
export function startFailure(error: unknown): string {
  const reason = error instanceof ApiError ? error.serverMessage : undefined;
  return reason ? `${storeFrontTexts.startFailed}: ${reason}` : storeFrontTexts.startFailed;
}

/** spec 000 §8: a sync that failed shows the server's error, else 'Failed to sync orders'. */
export function syncFailure(error: unknown): string {
  return failureMessage(error, storeFrontTexts.syncFailed);
}

/** spec 000 §8: a connect that failed; the service's reason is added when it gave one. */
export function connectFailure(error: unknown): string {
  const reason = error instanceof ApiError ? error.serverMessage : undefined;
  return reason ? `${storeFrontTexts.connectFailed}: ${reason}` : storeFrontTexts.connectFailed;
}

/** What the dashboard's address said on return from the store-front's authorisation (spec 000 §2). */
export type AuthorisationReturn =
  { kind: 'connected'; text: string } | { kind: 'failed'; text: string } | null;

export const authorisationParams = ['connected', 'store', 'error'] as const;

/**
 * spec 000 §2 "Return from store-front authorisation": `connected=true&store=...` is a success
 * notice; `error=...` is 'Connection failed: {reason}'.
 */
export function authorisationReturn(params: URLSearchParams): AuthorisationReturn {
  const error = params.get('error');
  if (error !== null)
    return { kind: 'failed', text: `Connection failed: ${error || 'unknown error'}` };
  if (params.get('connected') === 'true') {
    const store = params.get('store')?.trim();
    return {
      kind: 'connected',
      text: store
        ? `${storeFrontName} store "${store}" connected successfully!`
        : `${storeFrontName} store connected successfully!`,
    };
  }
  return null;
}

/** The address without the authorisation parameters (other parameters stay). */
export function withoutAuthorisationParams(params: URLSearchParams): URLSearchParams | null {
  if (!authorisationParams.some((name) => params.has(name))) return null;
  const next = new URLSearchParams(params);
  for (const name of authorisationParams) next.delete(name);
  return next;
}

/** A connection's last sync before its first one (the time itself is a `TimeText`). */
export const neverSynced = 'Never';

/** The connections with one's last sync set to now (spec 000 §7: after a successful sync). */
export function markSyncedNow(
  connections: readonly StoreFrontConnection[],
  connectionId: string,
  now: Date,
): StoreFrontConnection[] {
  return connections.map((connection) =>
    connection.id === connectionId ? { ...connection, lastSyncAt: now.toISOString() } : connection,
  );
}

/** One line about a connection's latest sync: its new orders against the store's orders. */
export function lastSyncSummary(progress: SyncProgress | null): string | null {
  if (!progress || progress.syncStatus === 'idle') return null;
  if (progress.syncStatus === 'failed') {
    return `Failed: ${progress.lastSyncError ?? storeFrontTexts.syncFailed}`;
  }
  if (progress.syncStatus === 'completed') {
    const { syncedCount, errorCount } = progress.progress;
    const errors = errorCount > 0 ? `, ${errorCount} with errors` : '';
    return `${syncedCount} new of ${ordersInStoreOf(progress)} orders${errors}`;
  }
  return 'Running';
}
