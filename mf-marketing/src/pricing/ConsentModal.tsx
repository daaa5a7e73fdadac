import { useState } from 'react';
import { formatPence, type PlanView } from '@onvelope/contracts';
import { Modal } from '@onvelope/ui';

interface ConsentModalProps {
  plan: PlanView;
  /** Continue to payment was pressed and the checkout is starting. */
  busy: boolean;
  onContinue: () => void;
  onCancel: () => void;
}

/**
 * spec 001 §4: before the first checkout (no consent on file for the current terms), the seller
 * agrees to the Terms of Service and Privacy Policy, then continues to payment or cancels. The
 * documents open in a new tab so the choice in progress is not lost.
 */
export function ConsentModal({ plan, busy, onContinue, onCancel }: ConsentModalProps) {
  const [agreed, setAgreed] = useState(false);
  return (
    <Modal
      title="Before you subscribe"
      testId="consent-modal"
      // Once the checkout is starting, the page is about to leave: nothing to close.
      onClose={busy ? () => undefined : onCancel}
      footer={
        <>
          <button
            type="button"
            className="ov-button ov-button--secondary"
            onClick={onCancel}
            disabled={busy}
            data-testid="consent-cancel"
          >
            Cancel
          </button>
          <button
            type="button"
            className="ov-button"
            onClick={onContinue}
            disabled={!agreed || busy}
            data-testid="consent-continue"
          >
            {busy ? 'Redirecting to payment...' : 'Continue to payment'}
          </button>
        </>
      }
    >
      <p>
        You are subscribing to <strong>{plan.name}</strong> at {formatPence(plan.price)} a{' '}
        {plan.interval}. Payment is taken by card through Stripe.
      </p>
      <label className="mk-check">
        <input
          type="checkbox"
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
          disabled={busy}
          data-testid="consent-agree"
        />
        <span>
          I agree to the{' '}
          <a href="/terms" target="_blank" rel="noopener">
            Terms of Service
          </a>{' '}
          and{' '}
          <a href="/privacy" target="_blank" rel="noopener">
            Privacy Policy
          </a>
        </span>
      </label>
    </Modal>
  );
}
