import { useState, type FormEvent } from 'react';
import { updateClaimedOrder } from '@onvelope/contracts';
import { Modal, TextField } from '@onvelope/ui';
import { customerApi } from '../api.js';
import { portalFailure } from './failure.js';
import type { ClaimedOrder } from './ClaimedOrderCard.js';

interface EditOrderDialogProps {
  claim: ClaimedOrder;
  onSaved: (claim: ClaimedOrder) => void;
  onClose: () => void;
}

/** spec 001 §6: a buyer changes only the nickname and notes of a claimed order; empty clears. */
export function EditOrderDialog({ claim, onSaved, onClose }: EditOrderDialogProps) {
  const [nickname, setNickname] = useState(claim.nickname ?? '');
  const [notes, setNotes] = useState(claim.notes ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await customerApi.call(updateClaimedOrder, {
        params: { id: claim.id },
        body: { nickname: nickname.trim() || null, notes: notes.trim() || null },
      });
      onSaved(answer.claim);
    } catch (caught) {
      setBusy(false);
      setError(portalFailure(caught, 'Failed to update order'));
    }
  }

  return (
    <Modal
      title={`Edit order ${claim.order.orderNumber}`}
      onClose={onClose}
      testId="edit-order-dialog"
    >
      <form className="cu-lookup" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          classPrefix="cu"
          label="Nickname"
          value={nickname}
          maxLength={100}
          onChange={setNickname}
          testId="edit-order-nickname"
        />
        <label className="ov-field">
          <span>Notes</span>
          <textarea
            rows={4}
            value={notes}
            maxLength={2000}
            onChange={(event) => setNotes(event.target.value)}
            data-testid="edit-order-notes"
          />
        </label>
        {error && (
          <p className="ov-alert ov-alert--error" role="alert" data-testid="edit-order-error">
            {error}
          </p>
        )}
        <div className="cu-dialog__actions">
          <button type="button" className="ov-button ov-button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="ov-button" disabled={busy} data-testid="edit-order-save">
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
