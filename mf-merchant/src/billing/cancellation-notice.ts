import { isSubscribed, type SubscriptionView } from '@onvelope/contracts';

/** Where a closed workspace keeps the seller's data reachable (reports, export, clearing). */
export const yourDataPath = '/your-data';

/** The confirmation, and whether it points to Your data (the workspace is closed). */
export interface CancellationNotice {
  text: string;
  pointsToYourData: boolean;
}

/**
 * Account settings' confirmation after the seller cancelled in the customer portal
 * (`?billing=cancelled`), saying what the cancellation left, from the subscription as it is now:
 * the rest of the free trial, or a closed workspace whose data stays in Your data. Null while the
 * subscription still runs: the cancellation has not shown (or never happened), and saying it did
 * would be untrue. `formatDate` writes the date as the rest of the page does.
 */
export function cancellationNotice(
  view: Pick<SubscriptionView, 'status' | 'trialEnd'>,
  formatDate: (iso: string) => string,
): CancellationNotice | null {
  if (isSubscribed(view.status)) return null;
  const trialEndsOn =
    view.status === 'trialing' && view.trialEnd ? formatDate(view.trialEnd) : null;
  if (trialEndsOn) {
    return {
      text: `Your subscription is cancelled. Your free trial runs until ${trialEndsOn}.`,
      pointsToYourData: false,
    };
  }
  return {
    text: 'Your subscription is cancelled and your workspace is now closed. Your data stays in',
    pointsToYourData: true,
  };
}
