import { useEffect, useState } from 'react';
import {
  isBuyersOwnSuppression,
  liftSuppression,
  notificationSuppressions,
  type ResponseOf,
} from '@onvelope/contracts';
import { ApiError, failureMessage, TimeText } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { suppressionWhy } from './notification-form.js';

type Suppression = ResponseOf<typeof notificationSuppressions>['suppressions'][number];

export const suppressionTexts = {
  loadFailed: 'Failed to load the suppressed addresses',
  liftFailed: 'Failed to lift the suppression',
  lifted: (email: string) => `${email} gets your messages again.`,
  /** Why a buyer's own unsubscribe asks for a confirmation before it is lifted. */
  unsubscribedWhy:
    'This buyer unsubscribed from your messages themselves. Lift it only if they asked you to e-mail them again (in a query or a reply, say): mailing someone who asked you to stop breaks their trust and the mail providers’ rules, and gets your messages marked as spam.',
  /** Why a buyer's spam complaint asks for the same confirmation. */
  complaintWhy:
    'This buyer marked one of your messages as spam. Lift it only if they asked you to e-mail them again: mailing them otherwise gets more of your messages marked as spam, and your store’s mail delivered less.',
  buyerAsked: 'The buyer asked me to e-mail them again',
} as const;

interface SuppressedAddressesProps {
  /** A failure the page owns (the session is over); the others are shown here. */
  onFailed: (error: unknown, fallback: string) => void;
}

const isSessionEnd = (error: unknown) => error instanceof ApiError && error.isSessionExpired;

/**
 * Addresses the seller's messages no longer go to, newest first, each with a way to lift it: a
 * refusal at once (the buyer fixed their mailbox), a buyer's own unsubscribe or spam complaint
 * only after the seller confirms the buyer asked, with the reason said.
 */
export function SuppressedAddresses({ onFailed }: SuppressedAddressesProps) {
  const [list, setList] = useState<Suppression[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [buyerAsked, setBuyerAsked] = useState(false);
  const [lifting, setLifting] = useState<string | null>(null);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    merchantApi.call(notificationSuppressions).then(
      (answer) => {
        if (live) setList(answer.suppressions);
      },
      (error: unknown) => {
        if (!live) return;
        if (isSessionEnd(error)) onFailed(error, suppressionTexts.loadFailed);
        else setFailed(failureMessage(error, suppressionTexts.loadFailed));
      },
    );
    return () => {
      live = false;
    };
    // Once per visit of the tab.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function ask(item: Suppression) {
    setResult(null);
    setBuyerAsked(false);
    setConfirming(item.email);
  }

  async function lift(item: Suppression) {
    setLifting(item.email);
    setResult(null);
    try {
      const body = isBuyersOwnSuppression(item.reason)
        ? { email: item.email, buyerAsked }
        : { email: item.email };
      await merchantApi.call(liftSuppression, { body });
      setList((shown) => shown?.filter((other) => other.email !== item.email) ?? null);
      setConfirming(null);
      setResult({ kind: 'success', text: suppressionTexts.lifted(item.email) });
    } catch (error) {
      if (isSessionEnd(error)) return onFailed(error, suppressionTexts.liftFailed);
      setResult({ kind: 'error', text: failureMessage(error, suppressionTexts.liftFailed) });
    } finally {
      setLifting(null);
    }
  }

  return (
    <section className="me-notify__suppressions" data-testid="notify-suppressions">
      <h3>Addresses your messages no longer go to</h3>
      <p className="me-muted">
        A buyer who unsubscribes or marks your message as spam, or whose mail server refuses the
        address, gets no more messages from your store.
      </p>
      {failed && (
        <p className="ov-alert ov-alert--error" role="alert">
          {failed}
        </p>
      )}
      {result && (
        <p
          className={result.kind === 'success' ? 'me-notify__result' : 'ov-alert ov-alert--error'}
          role={result.kind === 'success' ? 'status' : 'alert'}
          data-testid="notify-lift-result"
        >
          {result.text}
        </p>
      )}
      {!list && !failed && <p role="status">Loading...</p>}
      {list?.length === 0 && (
        <p className="me-muted" data-testid="notify-suppressions-empty">
          None: every buyer gets your messages.
        </p>
      )}
      {list && list.length > 0 && (
        <ul className="me-notify__list">
          {list.map((item) => (
            <li
              key={`${item.email}-${item.createdAt}`}
              data-testid="notify-suppression"
              data-email={item.email}
            >
              <span className="me-notify__address">{item.email}</span>
              <span>{suppressionWhy(item)}</span>
              <TimeText className="me-muted" value={item.createdAt} form="dateTime" />
              {confirming === item.email ? (
                <div className="me-notify__lift" data-testid="notify-lift-confirm">
                  {isBuyersOwnSuppression(item.reason) ? (
                    <>
                      <p className="me-notify__lift-why">
                        {item.reason === 'complaint'
                          ? suppressionTexts.complaintWhy
                          : suppressionTexts.unsubscribedWhy}
                      </p>
                      <label className="me-notify__choice">
                        <input
                          type="checkbox"
                          checked={buyerAsked}
                          onChange={(event) => setBuyerAsked(event.target.checked)}
                          data-testid="notify-lift-buyer-asked"
                        />
                        <span>{suppressionTexts.buyerAsked}</span>
                      </label>
                    </>
                  ) : (
                    <p className="me-notify__lift-why">
                      Your messages go to this address again; if its mail server still refuses it,
                      it is suppressed again.
                    </p>
                  )}
                  <div className="me-notify__buttons">
                    <button
                      type="button"
                      className="ov-button"
                      disabled={
                        lifting !== null || (isBuyersOwnSuppression(item.reason) && !buyerAsked)
                      }
                      onClick={() => void lift(item)}
                      data-testid="notify-lift-submit"
                    >
                      {lifting === item.email ? 'Lifting...' : 'Send to this address again'}
                    </button>
                    <button
                      type="button"
                      className="ov-button ov-button--secondary"
                      onClick={() => setConfirming(null)}
                      data-testid="notify-lift-cancel"
                    >
                      Cancel
                    </button>
                  </div>
                </div>
              ) : (
                <button
                  type="button"
                  className="me-link-button"
                  onClick={() => ask(item)}
                  aria-label={`Lift the suppression of ${item.email}`}
                  data-testid="notify-lift"
                >
                  Lift
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
