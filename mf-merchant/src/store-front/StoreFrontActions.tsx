import type { StoreFrontState } from './use-store-front.js';

/**
 * spec 000 §2 header buttons: Connect Web Store, and Sync Orders only when a store-front
 * connection exists. With one store Sync Orders syncs it; with several it asks which one. It is
 * disabled while every store is syncing or having its status checked (§4).
 */
export function StoreFrontActions({ storeFront }: { storeFront: StoreFrontState }) {
  const busy = storeFront.allBusy;
  return (
    <>
      <button
        type="button"
        className="ov-button ov-button--secondary"
        onClick={() => storeFront.setConnectStep('platform')}
        data-testid="open-connect-store"
      >
        Connect Web Store
      </button>
      {storeFront.activeConnections.length > 0 && (
        <button
          type="button"
          className="ov-button ov-button--secondary"
          onClick={storeFront.openSync}
          disabled={busy}
          aria-busy={busy}
          data-testid="sync-orders"
        >
          {busy ? 'Syncing...' : 'Sync Orders'}
        </button>
      )}
    </>
  );
}
