import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteConnection, syncOrders } from '@onvelope/contracts';
import { ApiError, failureMessage } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import {
  activeConnection,
  connectionRefreshDelayMs,
  countsOfResult,
  lastSyncLabel,
  markSyncedNow,
  storeFrontTexts,
  syncOutcome,
  type StoreFrontConnection,
} from './store-front-logic.js';
import { beginConnect, loadConnections } from './use-store-front.js';

type Busy = 'connecting' | 'disconnecting' | 'syncing' | null;

interface IntegrationsTabProps {
  onSucceeded: (text: string) => void;
  /** A failure: the page decides between the session being over and showing `fallback`. */
  onFailed: (error: unknown, fallback: string) => void;
  onInfo: (text: string) => void;
}

/**
 * spec 001 §2 account settings, INTEGRATIONS tab: the Big Cartel connection (connected or
 * disconnected, store URL, last sync time) with Connect, Disconnect and Sync; buttons are disabled
 * while one of them runs. After a successful sync the last sync is now and the connection data is
 * read again about 1 s later.
 */
export function IntegrationsTab({ onSucceeded, onFailed, onInfo }: IntegrationsTabProps) {
  const [connections, setConnections] = useState<StoreFrontConnection[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const failedRef = useRef(onFailed);
  useEffect(() => {
    failedRef.current = onFailed;
  }, [onFailed]);

  const refresh = useCallback(
    () =>
      loadConnections().then(
        (list) => {
          setConnections(list);
          setLoadFailed(false);
        },
        (error: unknown) => {
          setLoadFailed(true);
          failedRef.current(error, 'Failed to load the BigCartel connection');
        },
      ),
    [],
  );

  useEffect(() => {
    void refresh();
    return () => clearTimeout(refreshTimer.current);
  }, [refresh]);

  // Only a refused seller token ends the session: the store-front's own authorisation expiring
  // (409 'Your BigCartel authorization has expired...') asks to reconnect, not to sign in again.
  const fail = (error: unknown, fallback: string) =>
    onFailed(
      error instanceof ApiError && error.status === 401 ? error : null,
      failureMessage(error, fallback),
    );

  const connection = activeConnection(connections);
  // Disconnected, the last store (if any) still says which one it was.
  const shown = connection ?? connections?.[0] ?? null;

  const connect = async () => {
    setBusy('connecting');
    const problem = await beginConnect();
    if (problem) {
      onFailed(null, problem);
      setBusy(null);
    }
  };

  const disconnect = async () => {
    if (!connection) {
      onFailed(null, storeFrontTexts.nothingToDisconnect);
      return;
    }
    setBusy('disconnecting');
    try {
      await merchantApi.call(deleteConnection, { params: { id: connection.id } });
      onSucceeded(storeFrontTexts.disconnected);
      await refresh();
    } catch (error) {
      fail(error, storeFrontTexts.disconnectFailed);
    } finally {
      setBusy(null);
    }
  };

  const sync = async () => {
    if (!connection) {
      onFailed(null, storeFrontTexts.noConnection);
      return;
    }
    setBusy('syncing');
    try {
      const result = await merchantApi.call(syncOrders, { params: { id: connection.id } });
      const outcome = syncOutcome(countsOfResult(result));
      if (outcome.kind === 'success') onSucceeded(outcome.text);
      else onFailed(null, outcome.text);
      setConnections((list) => list && markSyncedNow(list, connection.id, new Date()));
      clearTimeout(refreshTimer.current);
      refreshTimer.current = setTimeout(() => void refresh(), connectionRefreshDelayMs);
    } catch (error) {
      fail(error, storeFrontTexts.syncFailed);
      void refresh();
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="sf-integrations" data-testid="integrations-tab">
      <h2>BigCartel</h2>
      {connections === null && !loadFailed && (
        <p role="status" data-testid="integration-loading">
          Loading connection...
        </p>
      )}
      {connections !== null && (
        <dl className="sf-facts">
          <div>
            <dt>Status</dt>
            <dd>
              <span
                className={connection ? 'me-badge me-badge--ok' : 'me-badge me-badge--warn'}
                data-testid="integration-state"
              >
                {connection ? 'Connected' : 'Disconnected'}
              </span>
            </dd>
          </div>
          {shown && (
            <div>
              <dt>Store</dt>
              <dd data-testid="integration-store">
                {shown.storeName} ({shown.storeUrl})
              </dd>
            </div>
          )}
          {connection && (
            <div>
              <dt>Last sync</dt>
              <dd data-testid="integration-last-sync">{lastSyncLabel(connection.lastSyncAt)}</dd>
            </div>
          )}
        </dl>
      )}
      <div className="me-form__actions">
        {connection ? (
          <>
            <button
              type="button"
              className="ov-button"
              onClick={() => void sync()}
              disabled={busy !== null}
              data-testid="integration-sync"
            >
              {busy === 'syncing' ? 'Syncing...' : 'Sync Orders'}
            </button>
            <button
              type="button"
              className="ov-button ov-button--secondary me-danger"
              onClick={() => void disconnect()}
              disabled={busy !== null}
              data-testid="integration-disconnect"
            >
              {busy === 'disconnecting' ? 'Disconnecting...' : 'Disconnect'}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="ov-button"
            onClick={() => void connect()}
            disabled={busy !== null || (connections === null && !loadFailed)}
            data-testid="integration-connect"
          >
            {busy === 'connecting' ? 'Connecting...' : 'Connect BigCartel'}
          </button>
        )}
      </div>
      <h3>Other stores</h3>
      <div className="me-form__actions">
        <button
          type="button"
          className="ov-button ov-button--secondary"
          onClick={() => onInfo(storeFrontTexts.etsyComingSoon)}
          data-testid="integration-etsy"
        >
          Etsy
        </button>
        <button
          type="button"
          className="ov-button ov-button--secondary"
          onClick={() => onInfo(storeFrontTexts.shopifyComingSoon)}
          data-testid="integration-shopify"
        >
          Shopify
        </button>
      </div>
    </section>
  );
}
