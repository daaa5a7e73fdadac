import { useState } from 'react';
import { failureMessage } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { Modal } from '../components/Modal.js';
import { pressClear, type ClearAction } from '../shared/forms.js';
import { workspaceMessages } from '../shared/workspace-messages.js';
import { useTimedNotice } from '../hooks/use-toasts.js';
import { clearAllData, clearCsvData, clearStoreFrontData } from '@onvelope/contracts';

const actions: Record<ClearAction, { label: string; explain: string; armedLabel: string }> = {
  csv: {
    label: 'Clear CSV data',
    explain: 'Deletes every order imported from CSV files.',
    armedLabel: 'Click again to delete all CSV-imported orders',
  },
  all: {
    label: 'Clear all data',
    explain: 'Deletes every order, whatever its source. Keyword rules stay.',
    armedLabel: 'Click again to delete ALL orders',
  },
  storeFront: {
    label: 'Clear store-front data',
    explain:
      'Deletes every order synced from BigCartel and the sync history; the next sync is a first ' +
      'sync again. Store connections stay.',
    armedLabel: 'Click again to delete all store-front orders',
  },
};

const clearRoutes = { csv: clearCsvData, all: clearAllData, storeFront: clearStoreFrontData };

/**
 * spec 000 §2 database management: each clear needs two clicks on the same action (the first arms
 * it); the success notice hides after 5 s.
 */
export function DatabaseManagement({
  onCleared,
  onClose,
}: {
  onCleared: () => void;
  onClose: () => void;
}) {
  const [armed, setArmed] = useState<ClearAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, showNotice] = useTimedNotice();
  const [error, setError] = useState<string | null>(null);

  const press = async (action: ClearAction) => {
    const next = pressClear(armed, action);
    setArmed(next.armed);
    setError(null);
    if (!next.execute) return;
    setBusy(true);
    try {
      const answer = await merchantApi.call(clearRoutes[action]);
      showNotice(answer.message);
      onCleared();
    } catch (error) {
      setError(failureMessage(error, workspaceMessages.databaseActionFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="Manage Database" onClose={onClose} testId="database-modal">
      {notice && (
        <p className="ov-alert me-alert--success" role="status" data-testid="database-notice">
          {notice}
        </p>
      )}
      {error && (
        <p className="ov-alert ov-alert--error" role="alert" data-testid="database-error">
          {error}
        </p>
      )}
      <ul className="me-clear-list">
        {(Object.keys(actions) as ClearAction[]).map((action) => (
          <li key={action}>
            <div>
              <strong>{actions[action].label}</strong>
              <p className="me-muted">{actions[action].explain}</p>
            </div>
            <button
              type="button"
              className={
                armed === action
                  ? 'ov-button me-danger-solid'
                  : 'ov-button ov-button--secondary me-danger'
              }
              onClick={() => void press(action)}
              disabled={busy}
              aria-pressed={armed === action}
              data-testid={`clear-${action}`}
            >
              {armed === action ? actions[action].armedLabel : actions[action].label}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
