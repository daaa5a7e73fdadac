import { useState, type FormEvent } from 'react';
import { claimOrder, type CustomerProfile } from '@onvelope/contracts';
import { Modal, TextField } from '@onvelope/ui';
import { customerApi } from '../api.js';
import { useFormProblem } from '../components/use-form-problem.js';
import { normaliseTrackQuery, trackQueryProblem } from '../domain/track-query.js';
import { portalFailure } from './failure.js';
import type { ClaimedOrder } from './ClaimedOrderCard.js';

interface ClaimDialogProps {
  customer: CustomerProfile;
  onClaimed: (claim: ClaimedOrder) => void;
  onClose: () => void;
}

/**
 * spec 001 §2 and §5: claim an order with the email, postcode and order number it was placed with
 * (all required) and an optional nickname. Email and postcode start from the buyer's profile.
 */
export function ClaimDialog({ customer, onClaimed, onClose }: ClaimDialogProps) {
  const [fields, setFields] = useState({
    email: customer.email,
    postcode: customer.defaultPostcode ?? '',
    orderNumber: '',
    nickname: '',
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The same three fields as the public lookup, with the same rule; its message follows the fields.
  const validation = useFormProblem(fields, trackQueryProblem);
  const shownError = validation.problem ?? error;
  const set = (name: keyof typeof fields) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const order = normaliseTrackQuery(fields);
    if (validation.check() || !order) {
      setError(null);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const nickname = fields.nickname.trim();
      const answer = await customerApi.call(claimOrder, {
        body: { ...order, ...(nickname ? { nickname } : {}) },
      });
      onClaimed(answer.claim);
    } catch (caught) {
      setBusy(false);
      setError(portalFailure(caught, 'Failed to claim order'));
    }
  }

  return (
    <Modal title="Claim an order" onClose={onClose} testId="claim-dialog">
      <form className="cu-lookup" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          classPrefix="cu"
          label="Email"
          type="email"
          value={fields.email}
          onChange={set('email')}
          testId="claim-email"
        />
        <TextField
          classPrefix="cu"
          label="Postcode"
          value={fields.postcode}
          onChange={set('postcode')}
          testId="claim-postcode"
        />
        <TextField
          classPrefix="cu"
          label="Order number"
          value={fields.orderNumber}
          onChange={set('orderNumber')}
          testId="claim-order-number"
        />
        <TextField
          classPrefix="cu"
          label="Nickname (optional)"
          value={fields.nickname}
          maxLength={100}
          onChange={set('nickname')}
          testId="claim-nickname"
        />
        {shownError && (
          <p className="ov-alert ov-alert--error" role="alert" data-testid="claim-error">
            {shownError}
          </p>
        )}
        <div className="cu-dialog__actions">
          <button type="button" className="ov-button ov-button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="ov-button" disabled={busy} data-testid="claim-submit">
            {busy ? 'Claiming…' : 'Claim order'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
