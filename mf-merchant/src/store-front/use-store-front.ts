import { useCallback, useEffect, useRef, useState } from 'react';
import {
  connectStore,
  getSyncProgress,
  getSyncStatus,
  listConnections,
  startFullSync,
  syncOrders,
  type ResponseOf,
} from '@onvelope/contracts';
import { merchantApi } from '../api.js';
import {
  activeConnection,
  connectFailure,
  connectionRefreshDelayMs,
  countsOfResult,
  markSyncedNow,
  maxFailedPolls,
  progressOutcome,
  startFailure,
  storeFrontTexts,
  syncFailure,
  syncNoticeMs,
  syncOutcome,
  syncPollMs,
  type Notice,
  type StoreFrontConnection,
  type SyncProgress,
  type SyncResult,
} from './store-front-logic.js';

export type FirstSyncInfo = ResponseOf<typeof getSyncStatus>;

/** Connect Web Store: the platform chooser, then the store URL (spec 000 §2 modals). */
export type ConnectStep = 'platform' | 'storeUrl' | null;

export type SyncActivity =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'confirming'; connectionId: string; info: FirstSyncInfo }
  | { kind: 'starting' }
  | { kind: 'syncing'; mode: 'full' | 'incremental' };

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

/**
 * The dashboard's store-front state (spec 000 §2, §4): connections, the sync flow (status check,
 * first-sync confirmation, start, progress polled every 3 s, the notice for 10 s) and the live
 * progress. `onOrdersChanged` reloads the table and summary: on every poll while a sync runs and
 * once when it ends.
 */
export function useStoreFront(onOrdersChanged: () => void) {
  const [connections, setConnections] = useState<StoreFrontConnection[] | null>(null);
  const [connectionsError, setConnectionsError] = useState<string | null>(null);
  const [activity, setActivity] = useState<SyncActivity>({ kind: 'idle' });
  const [progress, setProgress] = useState<SyncProgress | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [connectStep, setConnectStep] = useState<ConnectStep>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Ends polling and timers when the dashboard goes.
  const lifetime = useRef(new AbortController());
  const ordersChanged = useRef(onOrdersChanged);
  useEffect(() => {
    ordersChanged.current = onOrdersChanged;
  }, [onOrdersChanged]);

  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    return () => {
      controller.abort();
      clearTimeout(noticeTimer.current);
      clearTimeout(refreshTimer.current);
    };
  }, []);

  const showNotice = useCallback((next: Notice) => {
    clearTimeout(noticeTimer.current);
    setNotice(next);
    noticeTimer.current = setTimeout(() => setNotice(null), syncNoticeMs);
  }, []);

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
          setProgress(read);
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
    [],
  );

  /** A sync ended; a completed one sets the last sync to now (spec 000 §7). */
  const finished = useCallback(
    (connectionId: string, outcome: Notice, completed: boolean) => {
      setActivity({ kind: 'idle' });
      showNotice(outcome);
      ordersChanged.current();
      if (completed) {
        setConnections((list) => list && markSyncedNow(list, connectionId, new Date()));
      }
      clearTimeout(refreshTimer.current);
      refreshTimer.current = setTimeout(() => void refreshConnections(), connectionRefreshDelayMs);
    },
    [refreshConnections, showNotice],
  );

  const failed = useCallback(
    (text: string) => {
      setActivity({ kind: 'idle' });
      showNotice({ kind: 'error', text });
      void refreshConnections();
    },
    [refreshConnections, showNotice],
  );

  /** A full sync already started: watch it to the end. */
  const followFullSync = useCallback(
    async (connectionId: string) => {
      setActivity({ kind: 'syncing', mode: 'full' });
      const { signal } = lifetime.current;
      try {
        const last = await watch(connectionId, signal, (read) => !read.isCurrentlySyncing);
        if (last) finished(connectionId, progressOutcome(last), last.syncStatus === 'completed');
      } catch (error) {
        if (!signal.aborted) failed(syncFailure(error));
      }
    },
    [failed, finished, watch],
  );

  // On opening: the connections, and a sync still running (the seller reloaded mid-sync) is
  // followed again; otherwise the latest sync's result is shown in the stats block.
  useEffect(() => {
    void (async () => {
      const list = await refreshConnections();
      const target = activeConnection(list);
      if (!target) return;
      try {
        const read = await merchantApi.call(getSyncProgress, {
          params: { id: target.id },
          signal: lifetime.current.signal,
        });
        setProgress(read);
        if (read.isCurrentlySyncing) void followFullSync(target.id);
      } catch {
        // The stats block simply shows no last result.
      }
    })();
  }, [followFullSync, refreshConnections]);

  /** An incremental sync: POST .../sync is waited for while progress is shown every 3 s. */
  const runIncremental = useCallback(
    async (connectionId: string) => {
      setActivity({ kind: 'syncing', mode: 'incremental' });
      const { signal } = lifetime.current;
      const display = new AbortController();
      signal.addEventListener('abort', () => display.abort());
      // Only shows progress: the answer of POST .../sync says when it ended.
      void watch(connectionId, display.signal, () => false).catch(() => undefined);
      let result: SyncResult;
      try {
        result = await merchantApi.call(syncOrders, { params: { id: connectionId }, signal });
      } catch (error) {
        if (!signal.aborted) failed(syncFailure(error));
        return;
      } finally {
        display.abort();
      }
      try {
        const now = await merchantApi.call(getSyncProgress, {
          params: { id: connectionId },
          signal,
        });
        setProgress(now);
        if (!now.isCurrentlySyncing) {
          finished(connectionId, syncOutcome(countsOfResult(result)), true);
          return;
        }
        // Past the service's wait the answer held the counts so far: watch the job to its end.
        const last = await watch(connectionId, signal, (read) => !read.isCurrentlySyncing);
        if (last) {
          finished(
            connectionId,
            progressOutcome(last, result.totalOrdersInStore),
            last.syncStatus === 'completed',
          );
        }
      } catch (error) {
        if (!signal.aborted) failed(syncFailure(error));
      }
    },
    [failed, finished, watch],
  );

  /** Sync Orders: the status first; a first sync asks for confirmation (spec 000 §4). */
  const requestSync = useCallback(async () => {
    const target = activeConnection(connections);
    if (!target) {
      showNotice({ kind: 'error', text: storeFrontTexts.noConnection });
      return;
    }
    setActivity({ kind: 'checking' });
    let status: FirstSyncInfo;
    try {
      status = await merchantApi.call(getSyncStatus, {
        params: { id: target.id },
        signal: lifetime.current.signal,
      });
    } catch (error) {
      if (!lifetime.current.signal.aborted) failed(startFailure(error));
      return;
    }
    if (status.isFirstSync) {
      setActivity({ kind: 'confirming', connectionId: target.id, info: status });
      return;
    }
    await runIncremental(target.id);
  }, [connections, failed, runIncremental, showNotice]);

  const confirmFirstSync = useCallback(async () => {
    if (activity.kind !== 'confirming') return;
    const { connectionId } = activity;
    setActivity({ kind: 'starting' });
    try {
      await merchantApi.call(startFullSync, {
        params: { id: connectionId },
        signal: lifetime.current.signal,
      });
    } catch (error) {
      if (!lifetime.current.signal.aborted) failed(startFailure(error));
      return;
    }
    await followFullSync(connectionId);
  }, [activity, failed, followFullSync]);

  const cancelFirstSync = useCallback(() => setActivity({ kind: 'idle' }), []);

  return {
    connections,
    connectionsError,
    activeConnection: activeConnection(connections),
    activity,
    busy:
      activity.kind === 'checking' || activity.kind === 'starting' || activity.kind === 'syncing',
    progress,
    notice,
    dismissNotice: () => setNotice(null),
    connectStep,
    setConnectStep,
    refreshConnections,
    requestSync,
    confirmFirstSync,
    cancelFirstSync,
  };
}

export type StoreFrontState = ReturnType<typeof useStoreFront>;
