import { accountKindOf, type AccountKind } from '@onvelope/ui';
import type { PageRef, PageRoute } from './route-table.js';

/** What decides between a shared route's seller and buyer pages, besides the path. */
export interface Arrival {
  /** The address's query (`?account=customer`). */
  search: string;
  /** Whose e-mail waits for its verification code, if anyone's. */
  verifying: AccountKind | null;
}

/**
 * The page a route shows on this arrival: its buyers' page when the route has one and the arrival
 * carries the route's sign of a buyer, its page otherwise.
 *
 * @example routePage(login, { search: '?account=customer', verifying: null }) // mf_customer/AuthPage
 */
export function routePage(route: PageRoute, arrival: Arrival): PageRef {
  const { buyers } = route;
  if (!buyers) return route.page;
  const forBuyer =
    buyers.when === 'account-query'
      ? accountKindOf(new URLSearchParams(arrival.search)) === 'customer'
      : arrival.verifying === 'customer';
  return forBuyer ? buyers.page : route.page;
}
