import { useCallback, useState } from 'react';
import { ApiError, TimeText } from '@onvelope/ui';
import { ConnectionSyncDetails } from './ConnectionSyncDetails.js';
import { StoreFrontDialogs } from './StoreFrontDialogs.js';
import {
  isBusy,
  neverSynced,
  storeFrontTexts,
  type Notice,
  type StoreFrontConnection,
} from './store-front-logic.js';
import { beginConnect, useStoreFront, type StoreFrontState } from './use-store-front.js';
import './store-front.css';

interface IntegrationsTabProps {
  onSucceeded: (text: string) => void;
  /** A failure: the page decides between the session being over and showing `fallback`. */
  onFailed: (error: unknown, fallback: string) => void;
  onInfo: (text: string) => void;
}

const noOrdersShown = () => undefined;

/**
 * spec 001 §2 account settings, INTEGRATIONS tab: each Big Cartel connection (connected or
 * disconnected, store URL, last sync time) with its own Sync Orders, progress, last result and
 * Disconnect, and Connect for another store; a store's buttons are disabled while it is busy. After
 * a successful sync its last sync is now and the connection data is read again about 1 s later.
 */
export function IntegrationsTab({ onSucceeded, onFailed, onInfo }: IntegrationsTabProps) {
  const [connecting, setConnecting] = useState(false);
  // Only a refused seller token ends the session: the store-front's own authorisation expiring
  // (409 'Your BigCartel authorization has expired...') asks to reconnect, not to sign in again.
  const report = useCallback(
    (notice: Notice, error?: unknown) => {
      if (notice.kind === 'success') onSucceeded(notice.text);
      else onFailed(error instanceof ApiError && error.status === 401 ? error : null, notice.text);
    },
    [onFailed, onSucceeded],
  );
  const storeFront = useStoreFront(noOrdersShown, {
    report,
    disconnectFailedText: storeFrontTexts.disconnectFailed,
  });
  const { connections, activeConnections } = storeFront;

  const connect = async () => {
    setConnecting(true);
    const problem = await beginConnect();
    if (problem) {
      onFailed(null, problem);
      setConnecting(false);
    }
  };

  return (
    <section className="sf-integrations" data-testid="integrations-tab">
      <h2>BigCartel</h2>
      {connections === null && !storeFront.connectionsError && (
        <p role="status" data-testid="integration-loading">
          Loading connection...
        </p>
      )}
      {storeFront.connectionsError && connections === null && (
        <p className="ov-alert ov-alert--error" role="alert" data-testid="integration-load-error">
          Failed to load the BigCartel connection
        </p>
      )}
      {connections?.length === 0 && (
        <p>
          <span className="me-badge me-badge--warn" data-testid="integration-state">
            Disconnected
          </span>
        </p>
      )}
      {connections && connections.length > 0 && (
        <ul className="sf-connections">
          {connections.map((connection) => (
            <ConnectionRow key={connection.id} connection={connection} storeFront={storeFront} />
          ))}
        </ul>
      )}
      <div className="me-form__actions">
        <button
          type="button"
          className="ov-button"
          onClick={() => void connect()}
          disabled={connecting || connections === null}
          data-testid="integration-connect"
        >
          {connecting
            ? 'Connecting...'
            : activeConnections.length > 0
              ? 'Connect another BigCartel store'
              : 'Connect BigCartel'}
        </button>
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
      <StoreFrontDialogs storeFront={storeFront} />
    </section>
  );
}

/** One connection: its state, store, last sync, progress or last result, and its own actions. */
function ConnectionRow({
  connection,
  storeFront,
}: {
  connection: StoreFrontConnection;
  storeFront: StoreFrontState;
}) {
  const sync = storeFront.syncOf(connection.id);
  const disconnecting = storeFront.disconnecting && storeFront.disconnectTarget === connection;
  const busy = isBusy(sync) || disconnecting;
  return (
    <li
      className="sf-connection"
      data-testid="integration-connection"
      aria-label={connection.storeName}
    >
      <dl className="sf-facts">
        <div>
          <dt>Status</dt>
          <dd>
            <span
              className={connection.isActive ? 'me-badge me-badge--ok' : 'me-badge me-badge--warn'}
              data-testid="integration-state"
            >
              {connection.isActive ? 'Connected' : 'Disconnected'}
            </span>
          </dd>
        </div>
        <div>
          <dt>Store</dt>
          <dd data-testid="integration-store">
            {connection.storeName} ({connection.storeUrl})
          </dd>
        </div>
        {connection.isActive && (
          <div>
            <dt>Last sync</dt>
            <dd data-testid="integration-last-sync">
              <TimeText value={connection.lastSyncAt} form="dateTime" missing={neverSynced} />
            </dd>
          </div>
        )}
      </dl>
      {connection.isActive && (
        <>
          <ConnectionSyncDetails sync={sync} />
          <div className="me-form__actions">
            <button
              type="button"
              className="ov-button"
              onClick={() => void storeFront.requestSync(connection.id)}
              disabled={busy}
              data-testid="integration-sync"
            >
              {isBusy(sync) ? 'Syncing...' : 'Sync Orders'}
            </button>
            <button
              type="button"
              className="ov-button ov-button--secondary me-danger"
              onClick={() => storeFront.requestDisconnect(connection)}
              disabled={busy}
              data-testid="integration-disconnect"
            >
              {disconnecting ? 'Disconnecting...' : 'Disconnect'}
            </button>
          </div>
        </>
      )}
    </li>
  );
}
