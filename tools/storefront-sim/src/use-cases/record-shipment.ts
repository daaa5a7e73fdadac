import { isRecord } from '@onvelope/sim-kit';
import {
  applyShipment,
  unshippedItems,
  type Order,
  type Shipment,
  type ShipmentItem,
} from '../domain/order.js';
import { apiError } from '../http/errors.js';
import { type Store } from '../state/store.js';
import { readResourceBody } from '../http/resource-body.js';

export interface ShipmentAttributes {
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  notifyCustomer: boolean;
}

function optionalText(attributes: Record<string, unknown>, name: string): string | null {
  const value = attributes[name];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    throw apiError(400, 'invalid_attribute', `${name} must be a string`, {
      pointer: `/data/attributes/${name}`,
    });
  }
  return value.trim() === '' ? null : value;
}

export function readShipmentAttributes(attributes: Record<string, unknown>): ShipmentAttributes {
  const notify = attributes.notify_customer;
  if (notify !== undefined && typeof notify !== 'boolean') {
    throw apiError(400, 'invalid_attribute', 'notify_customer must be true or false', {
      pointer: '/data/attributes/notify_customer',
    });
  }
  const trackingUrl = optionalText(attributes, 'tracking_url');
  if (trackingUrl !== null && !/^https?:\/\//.test(trackingUrl)) {
    throw apiError(400, 'invalid_attribute', 'tracking_url must be an http(s) URL', {
      pointer: '/data/attributes/tracking_url',
    });
  }
  return {
    carrier: optionalText(attributes, 'carrier'),
    trackingNumber: optionalText(attributes, 'tracking_number'),
    trackingUrl,
    notifyCustomer: notify ?? true,
  };
}

function readItems(order: Order, raw: unknown): ShipmentItem[] {
  if (raw === undefined) return unshippedItems(order);
  const pointer = '/data/attributes/items';
  if (!Array.isArray(raw))
    throw apiError(400, 'invalid_attribute', 'items must be a list', { pointer });
  return raw.map((entry: unknown, position) => {
    const itemPointer = `${pointer}/${position}`;
    if (!isRecord(entry)) {
      throw apiError(400, 'invalid_attribute', 'each item is {order_line_item_id, quantity}', {
        pointer: itemPointer,
      });
    }
    const id = String(entry.order_line_item_id ?? '');
    const line = order.items.find((item) => item.id === id);
    if (!line) {
      throw apiError(400, 'unknown_line_item', `order ${order.id} has no line item ${id}`, {
        pointer: `${itemPointer}/order_line_item_id`,
      });
    }
    const quantity = entry.quantity;
    const unshipped = line.quantity - line.quantityShipped;
    if (
      typeof quantity !== 'number' ||
      !Number.isInteger(quantity) ||
      quantity < 1 ||
      quantity > unshipped
    ) {
      throw apiError(400, 'invalid_quantity', `quantity must be between 1 and ${unshipped}`, {
        pointer: `${itemPointer}/quantity`,
      });
    }
    return { orderLineItemId: id, quantity };
  });
}

/**
 * `POST /v1/accounts/{id}/orders/{order_id}/shipments`: ships the given lines (every unshipped line
 * when `items` is left out); once every line is shipped the order's status becomes shipped.
 */
export function recordShipment(
  store: Store,
  order: Order,
  body: unknown,
  now: number,
): { order: Order; shipment: Shipment } {
  const attributes = readResourceBody(body, 'shipments', undefined);
  const tracking = readShipmentAttributes(attributes);
  const shipment: Shipment = {
    id: store.newShipmentId(),
    ...tracking,
    items: readItems(order, attributes.items),
    createdAt: now,
  };
  const updated = applyShipment(order, shipment);
  store.save(updated);
  return { order: updated, shipment };
}
