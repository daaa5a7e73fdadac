import { Modal } from '../components/Modal.js';
import { isLargeStore, largeStoreWarning } from './store-front-logic.js';
import type { StoreFrontState } from './use-store-front.js';

/**
 * spec 000 §4: a first sync is confirmed with the store's name, the estimated orders and those
 * already stored; above 1000 orders it warns that it may take 10-15 minutes in the background.
 */
export function FirstSyncDialog({ storeFront }: { storeFront: StoreFrontState }) {
  const { confirming } = storeFront;
  if (!confirming) return null;
  const { info } = confirming;
  return (
    <Modal
      title="First sync"
      onClose={storeFront.cancelFirstSync}
      testId="first-sync-modal"
      footer={
        <>
          <button
            type="button"
            className="ov-button"
            onClick={() => void storeFront.confirmFirstSync()}
            data-testid="first-sync-start"
          >
            Start Sync
          </button>
          <button
            type="button"
            className="ov-button ov-button--secondary"
            onClick={storeFront.cancelFirstSync}
            data-testid="first-sync-cancel"
          >
            Cancel
          </button>
        </>
      }
    >
      <p>
        This is the first sync of <strong data-testid="first-sync-store">{info.storeName}</strong>.
        All its orders will be imported.
      </p>
      <dl className="sf-facts">
        <div>
          <dt>Orders in your BigCartel store (estimate)</dt>
          <dd data-testid="first-sync-estimate">{info.estimatedApiOrders}</dd>
        </div>
        <div>
          <dt>Orders from this store already here</dt>
          <dd data-testid="first-sync-stored">{info.ordersInDatabase}</dd>
        </div>
      </dl>
      {isLargeStore(info.estimatedApiOrders) && (
        <p className="ov-alert sf-warning" role="note" data-testid="first-sync-large-warning">
          {largeStoreWarning}
        </p>
      )}
    </Modal>
  );
}
