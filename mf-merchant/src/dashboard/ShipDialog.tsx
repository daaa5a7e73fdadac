import { useId, useState } from 'react';
import {
  carrierNames,
  correctTracking,
  markShipped,
  type TrackingEntry,
} from '@onvelope/contracts';
import { errorsAfterEdit } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { Field } from '../components/Field.js';
import { Modal } from '../components/Modal.js';
import {
  shipFormErrors,
  shipInputOf,
  type ShipForm,
  type ShipFormErrors,
} from '../shared/forms.js';
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
  const [form, setForm] = useState<ShipForm>({
    trackingNumber: entry.trackingNumber ?? '',
    courier: entry.courier ?? '',
    trackingUrl: entry.trackingUrl ?? '',
  });
  const [errors, setErrors] = useState<ShipFormErrors>({});
  const [saving, setSaving] = useState(false);
  const couriersId = useId();
  const set = (key: keyof ShipForm) => (value: string) => {
    const next = { ...form, [key]: value };
    setForm(next);
    setErrors((shown) => errorsAfterEdit(shown, shipFormErrors(next)));
  };

  const submit = async () => {
    const found = shipFormErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const request = { params: { orderNumber: entry.orderNumber }, body: shipInputOf(form) };
      if (mode === 'correct') {
        // The service's own words: they say when the store-front keeps the earlier tracking.
        const answer = await merchantApi.call(correctTracking, request);
        onShipped(answer.message, answer.entry);
        return;
      }
      const answer = await merchantApi.call(markShipped, request);
      onShipped(shippedToast(entry.orderNumber, answer.bigCartelUpdated), answer.entry);
    } catch (error) {
      onFailed(shipFailure(error));
      setSaving(false);
    }
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
        className="me-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field
          label="Tracking number"
          value={form.trackingNumber}
          onChange={set('trackingNumber')}
          error={errors.trackingNumber}
          testId="ship-tracking-number"
          autoFocus
        />
        <Field
          label="Courier"
          value={form.courier}
          onChange={set('courier')}
          error={errors.courier}
          testId="ship-courier"
          list={couriersId}
        />
        <datalist id={couriersId}>
          {carrierNames.map((courier) => (
            <option key={courier} value={courier} />
          ))}
        </datalist>
        <Field
          label="Tracking URL (optional)"
          value={form.trackingUrl}
          onChange={set('trackingUrl')}
          error={errors.trackingUrl}
          testId="ship-tracking-url"
          type="url"
          placeholder="Made from the tracking number when left empty"
        />
        <div className="me-form__actions">
          <button type="submit" className="ov-button" disabled={saving} data-testid="ship-submit">
            {saving ? 'Saving…' : mode === 'correct' ? 'Save correction' : 'Mark as shipped'}
          </button>
          <button type="button" className="ov-button ov-button--secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
