import { useState } from 'react';
import { unclaimOrder } from '@onvelope/contracts';
import { Modal } from '@onvelope/ui';
import { customerApi } from '../api.js';
import { portalFailure } from './failure.js';
import type { ClaimedOrder } from './ClaimedOrderCard.js';

interface UnclaimDialogProps {
  claim: ClaimedOrder;
  onUnclaimed: () => void;
  onClose: () => void;
}

/** spec 001 §4: confirm, then delete, then the list is refreshed by the caller. */
export function UnclaimDialog({ claim, onUnclaimed, onClose }: UnclaimDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await customerApi.call(unclaimOrder, { params: { orderNumber: claim.order.orderNumber } });
      onUnclaimed();
    } catch (caught) {
      setBusy(false);
      setError(portalFailure(caught, 'Failed to unclaim order'));
    }
  }

  return (
    <Modal title="Unclaim this order?" onClose={onClose} testId="unclaim-dialog">
      <p>
        Order {claim.order.orderNumber}
        {claim.nickname ? ` (${claim.nickname})` : ''} will leave your list, with its nickname and
        notes. You can claim it again later with the order&apos;s email, postcode and number.
      </p>
      {error && (
        <p className="ov-alert ov-alert--error" role="alert" data-testid="unclaim-error">
          {error}
        </p>
      )}
      <div className="cu-dialog__actions">
        <button type="button" className="ov-button ov-button--secondary" onClick={onClose}>
          Keep it
        </button>
        <button
          type="button"
          className="ov-button cu-button--danger"
          disabled={busy}
          onClick={() => void confirm()}
          data-testid="unclaim-confirm"
        >
          Unclaim
        </button>
      </div>
    </Modal>
  );
}
