import { useState } from 'react';
import {
  updateTrackingEntry,
  updateTrackingEntryRequest,
  type TrackingEntry,
  type TrackingEntryEdit,
} from '@onvelope/contracts';
import { fieldErrorsOfAnswer, useContractForm } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { BannerMessage, Field, type Banner } from '../components/Field.js';
import { Modal } from '../components/Modal.js';
import {
  editableFields,
  editFormOf,
  editInputOf,
  orderCorrectionMessages,
} from './order-corrections.js';
import { saveFailure } from '../shared/workspace-messages.js';
import { DialogActions } from '../components/DialogActions.js';

const fieldNames = editableFields.map(([field]) => field);

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
  // The contract checks the changed fields only: those are what the request sends.
  const { field, formRef, busy, handleSubmit, showErrors } = useContractForm(
    updateTrackingEntryRequest,
    editFormOf(entry),
    { bodyOf: (form) => editInputOf(form, entry) },
  );
  const [banner, setBanner] = useState<Banner>(null);

  const send = async (body: TrackingEntryEdit) => {
    if (!Object.keys(body).length) {
      setBanner({ kind: 'info', text: orderCorrectionMessages.noChanges });
      return;
    }
    setBanner(null);
    const answer = await merchantApi.call(updateTrackingEntry, {
      params: { orderNumber: entry.orderNumber },
      body,
    });
    onSaved(answer.message, answer.entry);
  };
  const onFailed = (error: unknown) => {
    const atFields = fieldErrorsOfAnswer(error, fieldNames);
    if (atFields) showErrors(atFields);
    else setBanner({ kind: 'error', text: saveFailure(error) });
  };

  return (
    <Modal title={`Edit order ${entry.orderNumber}`} onClose={onClose} testId="edit-order-dialog">
      <form ref={formRef} className="me-form" noValidate onSubmit={handleSubmit(send, onFailed)}>
        <BannerMessage banner={banner} testId="edit-order" />
        {editableFields.map(([name, label], index) => (
          <Field
            key={name}
            label={label}
            {...field(name)}
            testId={`edit-order-${name}`}
            type={name === 'email' ? 'email' : 'text'}
            autoFocus={index === 0}
          />
        ))}
        <DialogActions
          submit={busy ? 'Saving…' : 'Save'}
          disabled={busy}
          testId="edit-order-save"
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
