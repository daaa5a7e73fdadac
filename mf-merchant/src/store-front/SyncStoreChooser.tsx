import { TimeText } from '@onvelope/ui';
import { Modal } from '../components/Modal.js';
import { isBusy, neverSynced } from './store-front-logic.js';
import type { StoreFrontState } from './use-store-front.js';

/** The header's Sync Orders with several connected stores: which store to sync. */
export function SyncStoreChooser({ storeFront }: { storeFront: StoreFrontState }) {
  if (!storeFront.choosingStore) return null;
  return (
    <Modal title="Sync Orders" onClose={storeFront.closeStoreChooser} testId="sync-store-chooser">
      <p className="me-muted">Choose the store to sync.</p>
      <ul className="sf-choices">
        {storeFront.activeConnections.map((connection) => {
          const busy = isBusy(storeFront.syncOf(connection.id));
          return (
            <li key={connection.id}>
              <button
                type="button"
                className="ov-button ov-button--secondary sf-choice"
                onClick={() => void storeFront.requestSync(connection.id)}
                disabled={busy}
                data-testid="sync-store-choice"
              >
                <strong>{connection.storeName}</strong>
                <span className="me-muted">
                  {busy ? (
                    'Syncing...'
                  ) : (
                    <>
                      Last sync:{' '}
                      <TimeText
                        value={connection.lastSyncAt}
                        form="dateTime"
                        missing={neverSynced}
                      />
                    </>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
