import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  connectStore,
  deleteConnection,
  getSyncProgress,
  getSyncStatus,
  listConnections,
  startFullSync,
  syncOrders,
} from '@onvelope/contracts';
import { merchantApi } from '../api.js';
import {
  activeConnections,
  awaitingConfirmation,
  connectFailure,
  connectionRefreshDelayMs,
  countsOfResult,
  disconnectFailure,
  isBusy,
  markSyncedNow,
  maxFailedPolls,
  progressOutcome,
  startFailure,
  storeFrontTexts,
  syncFailure,
  syncNoticeMs,
  syncOf,
  syncOutcome,
  syncPollMs,
  withSync,
  type ConnectionSync,
  type FirstSyncInfo,
  type Notice,
  type StoreFrontConnection,
  type SyncProgress,
  type SyncResult,
} from './store-front-logic.js';

/** Connect Web Store: the platform chooser, then the store URL (spec 000 §2 modals). */
export type ConnectStep = 'platform' | 'storeUrl' | null;

/** spec 000 §7, spec 001 §7: the connections list with a cache-busting parameter and a no-cache header. */
export function loadConnections(signal?: AbortSignal): Promise<StoreFrontConnection[]> {
  return merchantApi
    .call(listConnections, {
      query: { _: String(Date.now()) },
      headers: { 'Cache-Control': 'no-cache' },
      signal,
    })
    .then((answer) => answer.connections);
}

/**
 * GET /api/bigcartel/connect, then the browser goes to the store-front's authorisation page.
 * Resolves with the failure text when it cannot go (spec 000 §8, spec 001 §8).
 */
export async function beginConnect(storeUrl?: string): Promise<string | null> {
  let authUrl: string;
  try {
    ({ authUrl } = await merchantApi.call(connectStore, storeUrl ? { query: { storeUrl } } : {}));
  } catch (error) {
    return connectFailure(error);
  }
  if (!authUrl) return storeFrontTexts.noAuthUrl;
  window.location.assign(authUrl);
  return null;
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export interface StoreFrontOptions {
  /**
   * Where outcomes go instead of the connection's own notice (account settings shows them in its
   * banners); `error` is the failed call, when there was one.
   */
  report?: (notice: Notice, error?: unknown) => void;
  /** spec 000 §8 'Failed to disconnect BigCartel store' (dashboard); settings use spec 001's words. */
  disconnectFailedText?: string;
}

/**
 * The store-front state of a screen (spec 000 §2, §4; spec 001 §2 integrations): the connections,
 * and for each connection its own sync flow (status check, first-sync confirmation, start, progress
 * polled every 3 s, the notice for 10 s), its progress and last result, and its disconnect (after a
 * confirmation). `onOrdersChanged` reloads the table and summary: on every poll while a sync runs
 * and once when it ends.
 */
export function useStoreFront(onOrdersChanged: () => void, options: StoreFrontOptions = {}) {
  const [connections, setConnections] = useState<StoreFrontConnection[] | null>(null);
  const [connectionsError, setConnectionsError] = useState<string | null>(null);
  const [syncs, setSyncs] = useState<Record<string, ConnectionSync>>({});
  /** Not tied to a listed store: a disconnect's outcome. */
  const [notice, setNotice] = useState<Notice | null>(null);
  const [connectStep, setConnectStep] = useState<ConnectStep>(null);
  const [choosingStore, setChoosingStore] = useState(false);
  const [disconnectTarget, setDisconnectTarget] = useState<StoreFrontConnection | null>(null);
  const [disconnecting, setDisconnecting] = useState(false);
  const noticeTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Ends polling and timers when the screen goes.
  const lifetime = useRef(new AbortController());
  const ordersChanged = useRef(onOrdersChanged);
  const optionsRef = useRef(options);
  // The latest syncs for callbacks that must not wait for a render (a double click).
  const syncsRef = useRef(syncs);
  useEffect(() => {
    ordersChanged.current = onOrdersChanged;
    optionsRef.current = options;
  });

  const patch = useCallback((connectionId: string, change: Partial<ConnectionSync>) => {
    syncsRef.current = withSync(syncsRef.current, connectionId, change);
    setSyncs(syncsRef.current);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    const timers = noticeTimers.current;
    return () => {
      controller.abort();
      for (const timer of timers.values()) clearTimeout(timer);
      clearTimeout(refreshTimer.current);
    };
  }, []);

  /** A notice that hides after 10 s (spec 000 §9); `key` is the connection, or '' for the screen. */
  const showNotice = useCallback(
    (key: string, next: Notice, error?: unknown) => {
      const { report } = optionsRef.current;
      if (report) {
        report(next, error);
        return;
      }
      const clear = () => (key ? patch(key, { notice: null }) : setNotice(null));
      if (key) patch(key, { notice: next });
      else setNotice(next);
      clearTimeout(noticeTimers.current.get(key));
      noticeTimers.current.set(key, setTimeout(clear, syncNoticeMs));
    },
    [patch],
  );

  const refreshConnections = useCallback(async () => {
    try {
      const list = await loadConnections(lifetime.current.signal);
      setConnections(list);
      setConnectionsError(null);
      return list;
    } catch {
      if (!lifetime.current.signal.aborted) setConnectionsError('Could not load store connections');
      return null;
    }
  }, []);

  /** Reads progress every 3 s until `done` says so; the table reloads on each read. */
  const watch = useCallback(
    async (
      connectionId: string,
      signal: AbortSignal,
      done: (progress: SyncProgress) => boolean,
    ): Promise<SyncProgress | null> => {
      let failures = 0;
      for (let first = true; !signal.aborted; first = false) {
        if (!first) await pause(syncPollMs, signal);
        if (signal.aborted) return null;
        try {
          const read = await merchantApi.call(getSyncProgress, {
            params: { id: connectionId },
            signal,
          });
          failures = 0;
          patch(connectionId, { progress: read });
          ordersChanged.current();
          if (done(read)) return read;
        } catch (error) {
          if (signal.aborted) return null;
          failures += 1;
          if (failures >= maxFailedPolls) throw error;
        }
      }
      return null;
    },
    [patch],
  );

  /** A sync ended; a completed one sets the connection's last sync to now (spec 000 §7). */
  const finished = useCallback(
    (connectionId: string, outcome: Notice, completed: boolean) => {
      patch(connectionId, { activity: { kind: 'idle' } });
      showNotice(connectionId, outcome);
      ordersChanged.current();
      if (completed) {
        setConnections((list) => list && markSyncedNow(list, connectionId, new Date()));
      }
      clearTimeout(refreshTimer.current);
      refreshTimer.current = setTimeout(() => void refreshConnections(), connectionRefreshDelayMs);
    },
    [patch, refreshConnections, showNotice],
  );

  const failed = useCallback(
    (connectionId: string, text: string, error?: unknown) => {
      patch(connectionId, { activity: { kind: 'idle' } });
      showNotice(connectionId, { kind: 'error', text }, error);
      void refreshConnections();
    },
    [patch, refreshConnections, showNotice],
  );

  /** A full sync already started: watch it to the end. */
  const followFullSync = useCallback(
    async (connectionId: string) => {
      patch(connectionId, { activity: { kind: 'syncing', mode: 'full' } });
      const { signal } = lifetime.current;
      try {
        const last = await watch(connectionId, signal, (read) => !read.isCurrentlySyncing);
        if (last) finished(connectionId, progressOutcome(last), last.syncStatus === 'completed');
      } catch (error) {
        if (!signal.aborted) failed(connectionId, syncFailure(error), error);
      }
    },
    [failed, finished, patch, watch],
  );

  // On opening: the connections and each one's latest sync (its last result); a sync still running
  // (the seller reloaded mid-sync) is followed again.
  useEffect(() => {
    void (async () => {
      const list = await refreshConnections();
      await Promise.all(
        activeConnections(list).map(async (connection) => {
          try {
            const read = await merchantApi.call(getSyncProgress, {
              params: { id: connection.id },
              signal: lifetime.current.signal,
            });
            patch(connection.id, { progress: read });
            if (read.isCurrentlySyncing) void followFullSync(connection.id);
          } catch {
            // That store simply shows no last result.
          }
        }),
      );
    })();
  }, [followFullSync, patch, refreshConnections]);

  /** An incremental sync: POST .../sync is waited for while progress is shown every 3 s. */
  const runIncremental = useCallback(
    async (connectionId: string) => {
      patch(connectionId, { activity: { kind: 'syncing', mode: 'incremental' } });
      const { signal } = lifetime.current;
      const display = new AbortController();
      signal.addEventListener('abort', () => display.abort());
      // Only shows progress: the answer of POST .../sync says when it ended.
      void watch(connectionId, display.signal, () => false).catch(() => undefined);
      let result: SyncResult;
      try {
        result = await merchantApi.call(syncOrders, { params: { id: connectionId }, signal });
      } catch (error) {
        if (!signal.aborted) failed(connectionId, syncFailure(error), error);
        return;
      } finally {
        display.abort();
      }
      try {
        const now = await merchantApi.call(getSyncProgress, {
          params: { id: connectionId },
          signal,
        });
        patch(connectionId, { progress: now });
        if (!now.isCurrentlySyncing) {
          finished(connectionId, syncOutcome(countsOfResult(result)), true);
          return;
        }
        // Past the service's wait the answer held the counts so far: watch the job to its end.
        const last = await watch(connectionId, signal, (read) => !read.isCurrentlySyncing);
        if (last) finished(connectionId, progressOutcome(last), last.syncStatus === 'completed');
      } catch (error) {
        if (!signal.aborted) failed(connectionId, syncFailure(error), error);
      }
    },
    [failed, finished, patch, watch],
  );

  /** Sync Orders of one store: the status first; a first sync asks for confirmation (spec 000 §4). */
  const requestSync = useCallback(
    async (connectionId: string) => {
      if (isBusy(syncOf(syncsRef.current, connectionId))) return;
      setChoosingStore(false);
      patch(connectionId, { activity: { kind: 'checking' }, notice: null });
      let status: FirstSyncInfo;
      try {
        status = await merchantApi.call(getSyncStatus, {
          params: { id: connectionId },
          signal: lifetime.current.signal,
        });
      } catch (error) {
        if (!lifetime.current.signal.aborted) failed(connectionId, startFailure(error), error);
        return;
      }
      if (status.isFirstSync) {
        patch(connectionId, { activity: { kind: 'confirming', info: status } });
        return;
      }
      await runIncremental(connectionId);
    },
    [failed, patch, runIncremental],
  );

  const active = useMemo(() => activeConnections(connections), [connections]);
  const confirming = useMemo(() => awaitingConfirmation(active, syncs), [active, syncs]);

  const confirmFirstSync = useCallback(async () => {
    if (!confirming) return;
    const connectionId = confirming.connection.id;
    patch(connectionId, { activity: { kind: 'starting' } });
    try {
      await merchantApi.call(startFullSync, {
        params: { id: connectionId },
        signal: lifetime.current.signal,
      });
    } catch (error) {
      if (!lifetime.current.signal.aborted) failed(connectionId, startFailure(error), error);
      return;
    }
    await followFullSync(connectionId);
  }, [confirming, failed, followFullSync, patch]);

  const cancelFirstSync = useCallback(() => {
    if (confirming) patch(confirming.connection.id, { activity: { kind: 'idle' } });
  }, [confirming, patch]);

  /** The header's Sync Orders: the one store at once; with several, the seller picks one. */
  const openSync = useCallback(() => {
    const [only, ...others] = active;
    if (!only) {
      showNotice('', { kind: 'error', text: storeFrontTexts.noConnection });
      return;
    }
    if (others.length === 0) void requestSync(only.id);
    else setChoosingStore(true);
  }, [active, requestSync, showNotice]);

  /** Disconnect, once confirmed: the store leaves the list; its synced orders stay (svc-sync README). */
  const confirmDisconnect = useCallback(async () => {
    if (!disconnectTarget) return;
    setDisconnecting(true);
    try {
      await merchantApi.call(deleteConnection, {
        params: { id: disconnectTarget.id },
        signal: lifetime.current.signal,
      });
      showNotice('', { kind: 'success', text: storeFrontTexts.disconnected });
    } catch (error) {
      if (lifetime.current.signal.aborted) return;
      const text = optionsRef.current.disconnectFailedText ?? storeFrontTexts.disconnectStoreFailed;
      showNotice('', { kind: 'error', text: disconnectFailure(error, text) }, error);
    } finally {
      setDisconnecting(false);
      setDisconnectTarget(null);
    }
    await refreshConnections();
  }, [disconnectTarget, refreshConnections, showNotice]);

  return {
    connections,
    connectionsError,
    activeConnections: active,
    syncOf: (connectionId: string) => syncOf(syncs, connectionId),
    /** Every connected store is syncing (or checking): the header's Sync Orders has nothing to do. */
    allBusy:
      active.length > 0 && active.every((connection) => isBusy(syncOf(syncs, connection.id))),
    notice,
    dismissNotice: () => setNotice(null),
    connectStep,
    setConnectStep,
    refreshConnections,
    openSync,
    choosingStore,
    closeStoreChooser: () => setChoosingStore(false),
    requestSync,
    confirming,
    confirmFirstSync,
    cancelFirstSync,
    disconnectTarget,
    disconnecting,
    requestDisconnect: (connection: StoreFrontConnection) => setDisconnectTarget(connection),
    cancelDisconnect: () => setDisconnectTarget(null),
    confirmDisconnect,
  };
}

export type StoreFrontState = ReturnType<typeof useStoreFront>;
