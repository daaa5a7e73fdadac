import { useState } from 'react';
import { deleteTrackingEntry, markUnshipped, type TrackingEntry } from '@onvelope/contracts';
import { failureMessage } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { Modal } from '../components/Modal.js';
import { customerOf } from '../shared/display-format.js';
import { canCorrectTracking, canUnship, orderCorrectionMessages } from './order-corrections.js';
import { EditOrderDialog } from './EditOrderDialog.js';
import './order-corrections.css';

/**
 * The order details' correction actions (issue 38 item 6). `onChanged` gets the service's message
 * and the order as changed, or null once it is deleted.
 */
export function OrderCorrections({
  entry,
  onCorrectTracking,
  onChanged,
}: {
  entry: TrackingEntry;
  onCorrectTracking?: (entry: TrackingEntry) => void;
  onChanged: (toast: string, entry: TrackingEntry | null) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const params = { params: { orderNumber: entry.orderNumber } };

  const run = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(failureMessage(error, fallback));
    } finally {
      setBusy(false);
    }
  };
  const unship = () =>
    run(async () => {
      const answer = await merchantApi.call(markUnshipped, params);
      onChanged(answer.message, answer.entry);
    }, orderCorrectionMessages.unshipFailed);
  const remove = () =>
    run(async () => {
      const answer = await merchantApi.call(deleteTrackingEntry, params);
      setConfirmingDelete(false);
      onChanged(answer.message, null);
    }, orderCorrectionMessages.deleteFailed);

  return (
    <div className="me-corrections" data-testid="order-corrections">
      <button
        type="button"
        className="ov-button ov-button--secondary"
        onClick={() => setEditing(true)}
        data-testid="order-edit"
      >
        Edit
      </button>
      {onCorrectTracking && canCorrectTracking(entry) && (
        <button
          type="button"
          className="ov-button ov-button--secondary"
          onClick={() => onCorrectTracking(entry)}
          data-testid="order-correct-tracking"
        >
          Correct tracking
        </button>
      )}
      {canUnship(entry) && (
        <button
          type="button"
          className="ov-button ov-button--secondary"
          disabled={busy}
          onClick={() => void unship()}
          data-testid="order-unship"
        >
          Mark as unshipped
        </button>
      )}
      <button
        type="button"
        className="ov-button me-button--danger"
        onClick={() => setConfirmingDelete(true)}
        data-testid="order-delete"
      >
        Delete
      </button>
      {failure && (
        <p className="ov-alert ov-alert--error" role="alert" data-testid="order-corrections-error">
          {failure}
        </p>
      )}
      {editing && (
        <EditOrderDialog
          entry={entry}
          onClose={() => setEditing(false)}
          onSaved={(message, saved) => {
            setEditing(false);
            onChanged(message, saved);
          }}
        />
      )}
      {confirmingDelete && (
        <Modal
          title={`Delete order ${entry.orderNumber}?`}
          onClose={() => setConfirmingDelete(false)}
          testId="delete-order-dialog"
        >
          <p>
            Order {entry.orderNumber} ({customerOf(entry)}) and its history will be deleted for
            good. Buyers who saved it will no longer see it.
          </p>
          <div className="me-form__actions">
            <button
              type="button"
              className="ov-button me-button--danger"
              disabled={busy}
              onClick={() => void remove()}
              data-testid="delete-order-confirm"
            >
              {busy ? 'Deleting…' : `Delete order ${entry.orderNumber}`}
            </button>
            <button
              type="button"
              className="ov-button ov-button--secondary"
              onClick={() => setConfirmingDelete(false)}
            >
              Cancel
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
