import { useId } from 'react';
import {
  carrierNames,
  correctTracking,
  markShipped,
  markShippedRequest,
  type TrackingEntry,
} from '@onvelope/contracts';
import { useContractForm } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { Field } from '../components/Field.js';
import { Modal } from '../components/Modal.js';
import { canCorrectTracking } from './order-corrections.js';
import { shipFailure, shippedToast } from '../shared/workspace-messages.js';

interface ShipDialogProps {
  entry: TrackingEntry;
  onShipped: (toast: string, entry: TrackingEntry) => void;
  onFailed: (toast: string) => void;
  onClose: () => void;
  /**
   * `correct`: the tracking of an order already shipped is corrected (issue 38 item 6) rather than
   * a shipment recorded. By default, whichever the order allows.
   */
  mode?: 'ship' | 'correct';
}

/** spec 000 §2 mark-as-shipped dialog: trackingNumber, courier, trackingUrl (optional). */
export function ShipDialog({
  entry,
  onShipped,
  onFailed,
  onClose,
  mode = canCorrectTracking(entry) ? 'correct' : 'ship',
}: ShipDialogProps) {
  const { field, formRef, busy, handleSubmit } = useContractForm(
    markShippedRequest,
    {
      trackingNumber: entry.trackingNumber ?? '',
      courier: entry.courier ?? '',
      // An empty URL lets the service build one from the number.
      trackingUrl: entry.trackingUrl ?? '',
    },
    { trim: true },
  );
  const couriersId = useId();

  const send = async (body: { trackingNumber: string; courier: string; trackingUrl: string }) => {
    const request = { params: { orderNumber: entry.orderNumber }, body };
    if (mode === 'correct') {
      // The service's own words: they say when the store-front keeps the earlier tracking.
      const answer = await merchantApi.call(correctTracking, request);
      onShipped(answer.message, answer.entry);
      return;
    }
    const answer = await merchantApi.call(markShipped, request);
    onShipped(shippedToast(entry.orderNumber, answer.bigCartelUpdated), answer.entry);
  };

  return (
    <Modal
      title={
        mode === 'correct'
          ? `Correct the tracking of order ${entry.orderNumber}`
          : `Mark order ${entry.orderNumber} as shipped`
      }
      onClose={onClose}
      testId="ship-dialog"
    >
      <form
        ref={formRef}
        className="me-form"
        noValidate
        onSubmit={handleSubmit(send, (error) => onFailed(shipFailure(error)))}
      >
        <Field
          label="Tracking number"
          {...field('trackingNumber')}
          testId="ship-tracking-number"
          autoFocus
        />
        <Field label="Courier" {...field('courier')} testId="ship-courier" list={couriersId} />
        <datalist id={couriersId}>
          {carrierNames.map((courier) => (
            <option key={courier} value={courier} />
          ))}
        </datalist>
        <Field
          label="Tracking URL (optional)"
          {...field('trackingUrl')}
          testId="ship-tracking-url"
          type="url"
          placeholder="Made from the tracking number when left empty"
        />
        <div className="me-form__actions">
          <button type="submit" className="ov-button" disabled={busy} data-testid="ship-submit">
            {busy ? 'Saving…' : mode === 'correct' ? 'Save correction' : 'Mark as shipped'}
          </button>
          <button type="button" className="ov-button ov-button--secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
