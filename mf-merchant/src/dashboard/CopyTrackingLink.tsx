import { useState } from 'react';
import { createTrackingLink } from '@onvelope/contracts';
import { failureMessage } from '@onvelope/ui';
import { merchantApi } from '../api.js';

interface CopyTrackingLinkProps {
  orderNumber: string;
  onCopied: (text: string) => void;
  onFailed: (text: string) => void;
}

/**
 * Beyond the spec (issue 6): a signed link to the order's tracking page, copied to the clipboard,
 * so the buyer need not type email and postcode. Where the browser refuses the clipboard, the
 * link is shown to copy by hand.
 */
export function CopyTrackingLink({ orderNumber, onCopied, onFailed }: CopyTrackingLinkProps) {
  const [busy, setBusy] = useState(false);
  const [manual, setManual] = useState<string | null>(null);

  async function copy() {
    setBusy(true);
    try {
      const { url } = await merchantApi.call(createTrackingLink, { params: { orderNumber } });
      const link = new URL(url, window.location.origin).href;
      try {
        await navigator.clipboard.writeText(link);
        setManual(null);
        onCopied('Tracking link copied to clipboard');
      } catch {
        setManual(link);
      }
    } catch (error) {
      onFailed(failureMessage(error, 'Failed to create tracking link'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="me-copy-link">
      <button
        type="button"
        className="ov-button ov-button--secondary"
        disabled={busy}
        onClick={() => void copy()}
        data-testid="copy-tracking-link"
      >
        {busy ? 'Creating link…' : 'Copy tracking link'}
      </button>
      {manual && (
        <label className="ov-field me-field">
          <span>Copy this link</span>
          <input
            readOnly
            value={manual}
            onFocus={(event) => event.target.select()}
            data-testid="tracking-link-manual"
          />
        </label>
      )}
    </div>
  );
}
