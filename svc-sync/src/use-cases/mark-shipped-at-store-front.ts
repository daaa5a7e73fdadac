import type { RequestOf, ReplyOf, markShippedAtStoreFront } from '@onvelope/contracts';
import type { SyncDeps } from './store-front-access.js';
import { writeToStoreFront } from './store-front-order-writes.js';

export const shipMessages = {
  refused: 'BigCartel did not accept the shipment',
} as const;

/**
 * `sync.markShipped` (asked by svc-orders when the seller ships a store-front order): records a
 * shipment with carrier, tracking number and URL at the store-front and leaves the order shipped
 * there. The order's own connection is used, else the seller's active connection. Answers whether
 * the store-front accepted it, and why not.
 */
export async function markShippedAtStore(
  deps: SyncDeps,
  request: RequestOf<typeof markShippedAtStoreFront>,
): Promise<ReplyOf<typeof markShippedAtStoreFront>> {
  return writeToStoreFront(deps, request, shipMessages.refused, (auth) =>
    deps.client.markShipped(auth, request.externalId, {
      carrier: request.courier,
      trackingNumber: request.trackingNumber,
      trackingUrl: request.trackingUrl,
    }),
  );
}
