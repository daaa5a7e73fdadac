import { useAuthorisationReturn } from './use-authorisation-return.js';
import type { StoreFrontState } from './use-store-front.js';

/**
 * The dashboard's store-front notices: the return from authorisation (spec 000 §2) and the sync's
 * success or error, shown for 10 s (§4).
 */
export function StoreFrontNotices({ storeFront }: { storeFront: StoreFrontState }) {
  const authorisation = useAuthorisationReturn();
  const { notice } = storeFront;
  return (
    <>
      {authorisation.notice && (
        <p
          className={
            authorisation.notice.kind === 'connected'
              ? 'ov-alert me-alert--success sf-notice'
              : 'ov-alert ov-alert--error sf-notice'
          }
          role={authorisation.notice.kind === 'connected' ? 'status' : 'alert'}
          data-testid={
            authorisation.notice.kind === 'connected'
              ? 'store-connected-notice'
              : 'connect-failed-notice'
          }
        >
          {authorisation.notice.text}
          {authorisation.notice.kind === 'failed' && (
            <button
              type="button"
              className="me-link-button sf-notice__dismiss"
              onClick={authorisation.dismiss}
              aria-label="Dismiss"
            >
              ×
            </button>
          )}
        </p>
      )}
      {notice && (
        <p
          className={
            notice.kind === 'success'
              ? 'ov-alert me-alert--success sf-notice'
              : 'ov-alert ov-alert--error sf-notice'
          }
          role={notice.kind === 'success' ? 'status' : 'alert'}
          data-testid={`sync-notice-${notice.kind}`}
        >
          {notice.text}
        </p>
      )}
    </>
  );
}
