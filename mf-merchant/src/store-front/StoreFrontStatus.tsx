import { TimeText } from '@onvelope/ui';
import { ConnectionSyncDetails } from './ConnectionSyncDetails.js';
import { isBusy, neverSynced, type StoreFrontConnection } from './store-front-logic.js';
import type { StoreFrontState } from './use-store-front.js';

/**
 * spec 000 §2 tracking stats, store parts: every connected store with its own Sync Orders and
 * Disconnect, its live progress or last sync result, and its sync notice, one line a store on a
 * laptop (`store-front.css`), so the orders still start on the first screen. Nothing shows before
 * any connection; a list that could not be read says so.
 */
export function StoreFrontStatus({ storeFront }: { storeFront: StoreFrontState }) {
  const { connections, activeConnections } = storeFront;
  if (!connections && storeFront.connectionsError) {
    return (
      <p className="ov-alert ov-alert--error" role="alert" data-testid="connections-error">
        {storeFront.connectionsError}
      </p>
    );
  }
  if (!connections || connections.length === 0) return null;
  return (
    <div className="sf-status" data-testid="store-front-status">
      <h2 className="sf-status__title">Connected stores</h2>
      {activeConnections.length === 0 ? (
        <p className="me-muted" data-testid="connected-stores-none">
          No store connected. Use Connect Web Store to connect one again.
        </p>
      ) : (
        <ul className="sf-stores" data-testid="connected-stores">
          {activeConnections.map((connection) => (
            <ConnectedStore key={connection.id} connection={connection} storeFront={storeFront} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ConnectedStore({
  connection,
  storeFront,
}: {
  connection: StoreFrontConnection;
  storeFront: StoreFrontState;
}) {
  const sync = storeFront.syncOf(connection.id);
  const busy = isBusy(sync);
  const { notice } = sync;
  return (
    <li
      className="sf-store"
      data-testid="connected-store"
      data-connection-id={connection.id}
      aria-label={connection.storeName}
    >
      <p className="sf-store__name">
        <strong>{connection.storeName}</strong>{' '}
        <span className="me-muted sf-store__url">{connection.storeUrl}</span>{' '}
        <span className="me-muted sf-store__last-sync" data-testid="connected-store-last-sync">
          Last sync:{' '}
          <TimeText value={connection.lastSyncAt} form="dateTime" missing={neverSynced} />
        </span>
      </p>
      <ConnectionSyncDetails sync={sync} />
      <div className="sf-store__actions">
        <button
          type="button"
          className="ov-button ov-button--secondary"
          onClick={() => void storeFront.requestSync(connection.id)}
          disabled={busy}
          aria-busy={busy}
          data-testid="store-sync"
        >
          {busy ? 'Syncing...' : 'Sync Orders'}
        </button>
        <button
          type="button"
          className="ov-button ov-button--secondary me-danger"
          onClick={() => storeFront.requestDisconnect(connection)}
          data-testid="store-disconnect"
        >
          Disconnect
        </button>
      </div>
      {notice && (
        <p
          className={
            notice.kind === 'success'
              ? 'ov-alert me-alert--success sf-notice'
              : 'ov-alert ov-alert--error sf-notice'
          }
          role={notice.kind === 'success' ? 'status' : 'alert'}
          data-testid={`sync-notice-${notice.kind}`}
        >
          {notice.text}
        </p>
      )}
    </li>
  );
}
