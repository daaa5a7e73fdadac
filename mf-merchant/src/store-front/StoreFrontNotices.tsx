import { useAuthorisationReturn } from './use-authorisation-return.js';
import type { StoreFrontState } from './use-store-front.js';

/**
 * The dashboard's store-front notices that belong to no listed store: the return from
 * authorisation (spec 000 §2) and a disconnect's outcome, shown for 10 s. Each store's sync notice
 * shows in its own card (`StoreFrontStatus`).
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
          data-testid="store-front-notice"
        >
          {notice.text}
          <button
            type="button"
            className="me-link-button sf-notice__dismiss"
            onClick={storeFront.dismissNotice}
            aria-label="Dismiss"
          >
            ×
          </button>
        </p>
      )}
    </>
  );
}
