import { DisconnectDialog } from './DisconnectDialog.js';
import { FirstSyncDialog } from './FirstSyncDialog.js';
import { SyncStoreChooser } from './SyncStoreChooser.js';
import type { StoreFrontState } from './use-store-front.js';

/** Every store-front dialog a screen needs once: store chooser, first-sync confirmation, disconnect. */
export function StoreFrontDialogs({ storeFront }: { storeFront: StoreFrontState }) {
  return (
    <>
      <SyncStoreChooser storeFront={storeFront} />
      <FirstSyncDialog storeFront={storeFront} />
      <DisconnectDialog storeFront={storeFront} />
    </>
  );
}
