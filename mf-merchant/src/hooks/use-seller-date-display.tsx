import { useEffect, useMemo, useSyncExternalStore, type ComponentType } from 'react';
import { getSettings } from '@onvelope/contracts';
import {
  dateDisplayIn,
  DateDisplayProvider,
  readMerchantSession,
  type DateDisplay,
} from '@onvelope/ui';
import { merchantApi } from '../api.js';

/**
 * The seller's time zone, the `timeZone` of their account settings (issue 38: every date of the
 * workspace is in the seller's zone). The stored session does not carry it (contracts'
 * `sellerUser`), so GET /auth/settings is asked once per page load and per signed-in token; until it
 * answers, and if it cannot be read, dates are in the browser's zone.
 */
let known: { token: string; timeZone: string } | null = null;
let askedFor: string | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentZone = () => known?.timeZone ?? null;

function changed(next: typeof known): void {
  known = next;
  for (const listener of listeners) listener();
}

/**
 * The zone the seller's settings answered or saved, so every screen of this page load writes dates
 * in it from now on (the account settings page after a change of zone).
 */
export function rememberSellerTimeZone(timeZone: string): void {
  const token = readMerchantSession()?.token;
  if (!token || (known?.token === token && known.timeZone === timeZone)) return;
  askedFor = token;
  changed({ token, timeZone });
}

function askOnce(): void {
  const token = readMerchantSession()?.token;
  if (!token || askedFor === token) return;
  // Another seller signed in since: not a moment in the previous one's zone.
  if (known && known.token !== token) changed(null);
  askedFor = token;
  merchantApi.call(getSettings).then(
    (answer) => rememberSellerTimeZone(answer.account.timeZone),
    () => {
      // The browser's zone stays for now; the next screen that needs the zone asks again.
      askedFor = null;
    },
  );
}

/** The locale and zone the seller's screens write dates in (for `DateDisplayProvider`). */
export function useSellerDateDisplay(): DateDisplay {
  useEffect(askOnce, []);
  const timeZone = useSyncExternalStore(subscribe, currentZone, currentZone);
  return useMemo(() => dateDisplayIn(timeZone), [timeZone]);
}

/**
 * A page whose dates are all in the seller's zone: every `TimeText` and `useDateDisplay` inside.
 *
 * @example export default withSellerDates(DashboardPage);
 */
export function withSellerDates<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function WithSellerDates(props: P) {
    return (
      <DateDisplayProvider value={useSellerDateDisplay()}>
        <Page {...props} />
      </DateDisplayProvider>
    );
  }
  return WithSellerDates;
}
