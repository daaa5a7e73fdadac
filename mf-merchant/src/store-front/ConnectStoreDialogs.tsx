import { useState } from 'react';
import { Field } from '../components/Field.js';
import { Modal } from '../components/Modal.js';
import { normaliseStoreUrl, storeFrontTexts } from './store-front-logic.js';
import { beginConnect, type StoreFrontState } from './use-store-front.js';
import { DialogActions } from '../components/DialogActions.js';

const platforms = [
  { id: 'bigcartel', label: 'Big Cartel', comingSoon: null },
  { id: 'etsy', label: 'Etsy', comingSoon: storeFrontTexts.etsyComingSoon },
  { id: 'shopify', label: 'Shopify', comingSoon: storeFrontTexts.shopifyComingSoon },
] as const;

/**
 * spec 000 §2 modals "select platform" and "connect store": Big Cartel goes on to the store URL;
 * Etsy and Shopify only show their coming-soon toast (`onInfo`).
 */
export function ConnectStoreDialogs({
  storeFront,
  onInfo,
}: {
  storeFront: StoreFrontState;
  onInfo: (text: string) => void;
}) {
  const close = () => storeFront.setConnectStep(null);
  if (storeFront.connectStep === 'platform') {
    return (
      <Modal title="Connect Web Store" onClose={close} testId="platform-modal">
        <p className="me-muted">Choose where your store runs.</p>
        <div className="sf-platforms">
          {platforms.map((platform) => (
            <button
              key={platform.id}
              type="button"
              className="ov-button ov-button--secondary sf-platform"
              onClick={() =>
                platform.comingSoon
                  ? onInfo(platform.comingSoon)
                  : storeFront.setConnectStep('storeUrl')
              }
              data-testid={`platform-${platform.id}`}
            >
              {platform.label}
            </button>
          ))}
        </div>
      </Modal>
    );
  }
  if (storeFront.connectStep === 'storeUrl') return <StoreUrlDialog onClose={close} />;
  return null;
}

/** spec 000 §5: the store URL is non-blank and a URL; then the browser goes to authorise. */
function StoreUrlDialog({ onClose }: { onClose: () => void }) {
  const [storeUrl, setStoreUrl] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [connecting, setConnecting] = useState(false);

  const submit = async () => {
    const url = normaliseStoreUrl(storeUrl);
    setFieldError(url ? undefined : storeFrontTexts.storeUrlRequired);
    setFailure(null);
    if (!url) return;
    setConnecting(true);
    const problem = await beginConnect(url);
    // Without a problem the browser is on its way to the store-front: stay in "Connecting".
    if (problem) {
      setFailure(problem);
      setConnecting(false);
    }
  };

  return (
    <Modal title="Connect your BigCartel store" onClose={onClose} testId="store-url-modal">
      <form
        className="me-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {failure && (
          <p className="ov-alert ov-alert--error" role="alert" data-testid="connect-error">
            {failure}
          </p>
        )}
        <Field
          label="Store URL"
          type="url"
          placeholder="https://yourstore.bigcartel.com"
          value={storeUrl}
          onChange={setStoreUrl}
          error={fieldError}
          testId="store-url"
          autoFocus
        />
        <p className="me-muted">
          You will approve ONVELOPE on BigCartel, then come back here to sync your orders.
        </p>
        <DialogActions
          submit={connecting ? 'Connecting...' : 'Connect'}
          disabled={connecting}
          testId="store-url-submit"
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
