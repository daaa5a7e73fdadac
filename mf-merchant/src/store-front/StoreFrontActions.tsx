import type { StoreFrontState } from './use-store-front.js';

/**
 * spec 000 §2 header buttons: Connect Web Store, and Sync Orders only when a store-front
 * connection exists; Sync Orders is disabled while a sync or its status check runs (§4).
 */
export function StoreFrontActions({ storeFront }: { storeFront: StoreFrontState }) {
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
      {storeFront.activeConnection && (
        <button
          type="button"
          className="ov-button ov-button--secondary"
          onClick={() => void storeFront.requestSync()}
          disabled={storeFront.busy}
          aria-busy={storeFront.busy}
          data-testid="sync-orders"
        >
          {storeFront.busy ? 'Syncing...' : 'Sync Orders'}
        </button>
      )}
    </>
  );
}
