import {
  applyShipment,
  setShippingStatus,
  shippingStatuses,
  unshippedItems,
  type Order,
} from '../domain/order.js';
import { apiError } from '../http/errors.js';
import { readResourceBody } from '../http/resource-body.js';
import { type Store } from '../state/store.js';
import { readShipmentAttributes, type ShipmentAttributes } from './record-shipment.js';

type OrderField = keyof Order;

/** Attributes Big Cartel lets a client change, as far as clients show. */
const writable: Record<string, { field: OrderField; nullable: boolean }> = {
  customer_first_name: { field: 'customerFirstName', nullable: false },
  customer_last_name: { field: 'customerLastName', nullable: false },
  customer_email: { field: 'customerEmail', nullable: false },
  customer_phone_number: { field: 'customerPhoneNumber', nullable: true },
  customer_note: { field: 'customerNote', nullable: true },
  shipping_address_1: { field: 'shippingAddress1', nullable: false },
  shipping_address_2: { field: 'shippingAddress2', nullable: true },
  shipping_city: { field: 'shippingCity', nullable: false },
  shipping_state: { field: 'shippingState', nullable: false },
  shipping_zip: { field: 'shippingZip', nullable: false },
  shipping_country_id: { field: 'shippingCountryId', nullable: false },
};

/** Simulator extension: tracking sent with the PATCH becomes a shipment (see README). */
const trackingAttributes = ['carrier', 'tracking_number', 'tracking_url', 'notify_customer'];

/** `PATCH /v1/accounts/{id}/orders/{order_id}`: change writable attributes, ship or unship. */
export function updateOrder(store: Store, order: Order, body: unknown, now: number): Order {
  const attributes = readResourceBody(body, 'orders', order.id);
  let updated: Order = { ...order };
  let tracking: ShipmentAttributes | undefined;

  for (const [name, value] of Object.entries(attributes)) {
    const pointer = `/data/attributes/${name}`;
    const rule = writable[name];
    if (rule) {
      if (value === null && rule.nullable) {
        updated = { ...updated, [rule.field]: null };
        continue;
      }
      if (typeof value !== 'string' || (!rule.nullable && value.trim() === '')) {
        throw apiError(400, 'invalid_attribute', `${name} must be a non-empty string`, { pointer });
      }
      if (name === 'shipping_country_id' && !/^[A-Z]{2}$/.test(value)) {
        throw apiError(
          400,
          'invalid_attribute',
          'shipping_country_id must be an ISO 3166 alpha-2 code',
          {
            pointer,
          },
        );
      }
      updated = { ...updated, [rule.field]: value };
    } else if (name !== 'shipping_status' && !trackingAttributes.includes(name)) {
      throw apiError(400, 'attribute_not_writable', `${name} cannot be changed`, { pointer });
    }
  }

  if (trackingAttributes.some((name) => name in attributes)) {
    tracking = readShipmentAttributes(attributes);
  }
  const status = attributes.shipping_status;
  if (status !== undefined && !(shippingStatuses as readonly unknown[]).includes(status)) {
    throw apiError(
      400,
      'invalid_attribute',
      `shipping_status must be one of ${shippingStatuses.join(', ')}`,
      {
        pointer: '/data/attributes/shipping_status',
      },
    );
  }
  if (tracking && status === 'unshipped') {
    throw apiError(400, 'invalid_attribute', 'Tracking cannot be recorded on an unshipped order', {
      pointer: '/data/attributes/shipping_status',
    });
  }

  updated.updatedAt = now;
  if (tracking && !isRepeatOfLastShipment(updated, tracking)) {
    updated = applyShipment(updated, {
      id: store.newShipmentId(),
      carrier: tracking.carrier,
      trackingNumber: tracking.trackingNumber,
      trackingUrl: tracking.trackingUrl,
      notifyCustomer: tracking.notifyCustomer,
      items: unshippedItems(updated),
      createdAt: now,
    });
  }
  if (status === 'shipped' || status === 'unshipped' || tracking) {
    updated = setShippingStatus(updated, status === 'unshipped' ? 'unshipped' : 'shipped', now);
  }
  store.save(updated);
  return updated;
}

/** A client retrying the same PATCH must not record the shipment twice. */
function isRepeatOfLastShipment(order: Order, tracking: ShipmentAttributes): boolean {
  const last = order.shipments[order.shipments.length - 1];
  return (
    last !== undefined &&
    last.carrier === tracking.carrier &&
    last.trackingNumber === tracking.trackingNumber &&
    last.trackingUrl === tracking.trackingUrl
  );
}
