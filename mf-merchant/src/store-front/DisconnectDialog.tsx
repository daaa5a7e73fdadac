import { Modal } from '../components/Modal.js';
import type { StoreFrontState } from './use-store-front.js';

/**
 * Disconnect asks first (the spec shows no wording for it): the store stops syncing; its orders
 * already synced stay, as svc-sync keeps them.
 */
export function DisconnectDialog({ storeFront }: { storeFront: StoreFrontState }) {
  const { disconnectTarget: target, disconnecting } = storeFront;
  if (!target) return null;
  return (
    <Modal
      title={`Disconnect ${target.storeName}?`}
      onClose={storeFront.cancelDisconnect}
      testId="disconnect-modal"
      footer={
        <>
          <button
            type="button"
            className="ov-button me-danger-solid"
            onClick={() => void storeFront.confirmDisconnect()}
            disabled={disconnecting}
            data-testid="disconnect-confirm"
          >
            {disconnecting ? 'Disconnecting...' : 'Disconnect'}
          </button>
          <button
            type="button"
            className="ov-button ov-button--secondary"
            onClick={storeFront.cancelDisconnect}
            disabled={disconnecting}
            data-testid="disconnect-cancel"
          >
            Cancel
          </button>
        </>
      }
    >
      <p>
        ONVELOPE will stop syncing orders from <strong>{target.storeName}</strong> (
        {target.storeUrl}). The orders already synced stay on your dashboard, and you can connect
        the store again at any time.
      </p>
    </Modal>
  );
}
