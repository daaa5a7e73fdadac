import { useState } from 'react';
import {
  updateTrackingEntry,
  updateTrackingEntryRequest,
  type TrackingEntry,
} from '@onvelope/contracts';
import { errorsAfterEdit, fieldErrorsOf, fieldErrorsOfAnswer } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { BannerMessage, Field, type Banner } from '../components/Field.js';
import { Modal } from '../components/Modal.js';
import {
  editableFields,
  editFormOf,
  editInputOf,
  orderCorrectionMessages,
  type EditableField,
  type OrderEditErrors,
  type OrderEditForm,
} from './order-corrections.js';
import { saveFailure } from '../shared/workspace-messages.js';
import { DialogActions } from '../components/DialogActions.js';

const fieldNames = editableFields.map(([field]) => field);

/** The contract's refusals of the changed fields, each at its field, before anything is sent. */
const errorsOfForm = (form: OrderEditForm, entry: TrackingEntry): OrderEditErrors =>
  fieldErrorsOf<EditableField>(updateTrackingEntryRequest, editInputOf(form, entry));

/** Edits an order's buyer, address, items and note (issue 38 item 6). */
export function EditOrderDialog({
  entry,
  onSaved,
  onClose,
}: {
  entry: TrackingEntry;
  onSaved: (message: string, entry: TrackingEntry) => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState(() => editFormOf(entry));
  const [errors, setErrors] = useState<OrderEditErrors>({});
  const [banner, setBanner] = useState<Banner>(null);
  const [saving, setSaving] = useState(false);
  const set = (field: EditableField) => (value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    setErrors((shown) => errorsAfterEdit(shown, errorsOfForm(next, entry)));
  };

  const submit = async () => {
    const body = editInputOf(form, entry);
    if (!Object.keys(body).length) {
      setBanner({ kind: 'info', text: orderCorrectionMessages.noChanges });
      return;
    }
    const found = errorsOfForm(form, entry);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    setBanner(null);
    try {
      const answer = await merchantApi.call(updateTrackingEntry, {
        params: { orderNumber: entry.orderNumber },
        body,
      });
      onSaved(answer.message, answer.entry);
    } catch (error) {
      const atFields = fieldErrorsOfAnswer(error, fieldNames);
      if (atFields) setErrors(atFields);
      else setBanner({ kind: 'error', text: saveFailure(error) });
      setSaving(false);
    }
  };

  return (
    <Modal title={`Edit order ${entry.orderNumber}`} onClose={onClose} testId="edit-order-dialog">
      <form
        className="me-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <BannerMessage banner={banner} testId="edit-order" />
        {editableFields.map(([field, label], index) => (
          <Field
            key={field}
            label={label}
            value={form[field]}
            onChange={set(field)}
            error={errors[field]}
            testId={`edit-order-${field}`}
            type={field === 'email' ? 'email' : 'text'}
            autoFocus={index === 0}
          />
        ))}
        <DialogActions
          submit={saving ? 'Saving…' : 'Save'}
          disabled={saving}
          testId="edit-order-save"
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
