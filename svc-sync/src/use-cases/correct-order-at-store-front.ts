import type {
  correctOrderAtStoreFront,
  ReplyOf,
  RequestOf,
  StoreFrontCorrection,
} from '@onvelope/contracts';
import type { OrderAttributes } from '../data/store-front-client.js';
import { writeToStoreFront } from './store-front-order-writes.js';
import type { SyncDeps } from './store-front-access.js';

export const correctionMessages = {
  refused: 'BigCartel did not accept the correction',
  nothingToSend: 'nothing of this change can be kept at BigCartel',
} as const;

const attributeOf: Record<Exclude<keyof StoreFrontCorrection, 'shipped'>, string> = {
  firstName: 'customer_first_name',
  lastName: 'customer_last_name',
  email: 'customer_email',
  shippingAddress1: 'shipping_address_1',
  shippingAddress2: 'shipping_address_2',
  shippingCity: 'shipping_city',
  shippingState: 'shipping_state',
  shippingZip: 'shipping_zip',
  shippingCountry: 'shipping_country_id',
};

/** The only one of them Big Cartel lets a client empty. */
const clearable = new Set(['shippingAddress2']);

/**
 * Big Cartel's order attributes for a seller's correction. What Big Cartel cannot take is left out
 * rather than sent to be refused: an emptied field other than the second address line, and a
 * country the seller typed as a name (Big Cartel's is a two-letter code).
 */
export function orderAttributesOf(correction: StoreFrontCorrection): OrderAttributes {
  const attributes: OrderAttributes = {};
  for (const [field, attribute] of Object.entries(attributeOf)) {
    const value = correction[field as keyof typeof attributeOf];
    if (value === undefined || (value === null && !clearable.has(field))) continue;
    if (field === 'shippingCountry' && value !== null && !/^[A-Z]{2}$/.test(value)) continue;
    attributes[attribute] = value;
  }
  if (correction.shipped === false) attributes.shipping_status = 'unshipped';
  return attributes;
}

/**
 * `sync.correctOrder` (asked by svc-orders when the seller edits or unships a store-front order):
 * the changed buyer, address and shipping status go to the store-front, so its next sync does not
 * bring the old values back.
 */
export async function correctOrderAtStore(
  deps: SyncDeps,
  request: RequestOf<typeof correctOrderAtStoreFront>,
): Promise<ReplyOf<typeof correctOrderAtStoreFront>> {
  const attributes = orderAttributesOf(request.correction);
  if (!Object.keys(attributes).length) {
    return { updated: false, reason: correctionMessages.nothingToSend };
  }
  return writeToStoreFront(deps, request, correctionMessages.refused, (auth) =>
    deps.client.updateOrder(auth, request.externalId, attributes),
  );
}
