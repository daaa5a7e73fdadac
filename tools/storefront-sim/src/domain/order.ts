export const shippingStatuses = ['unshipped', 'shipped'] as const;
export type ShippingStatus = (typeof shippingStatuses)[number];

/** `completed` in the API's sample; the others as one client lists them (bigcartel-api.md §4). */
export const paymentStatuses = ['completed', 'unpaid', 'pending', 'failed', 'invalid'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const isPaymentStatus = (value: unknown): value is PaymentStatus =>
  (paymentStatuses as readonly unknown[]).includes(value);

export interface LineItem {
  id: string;
  productId: string;
  productOptionId: string | null;
  productName: string;
  productOptionName: string | null;
  quantity: number;
  quantityShipped: number;
  priceCents: number;
  imageUrl: string;
  categoryNames: string[];
}

export interface ShipmentItem {
  orderLineItemId: string;
  quantity: number;
}

export interface Shipment {
  id: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  notifyCustomer: boolean;
  items: ShipmentItem[];
  createdAt: number;
}

/** One order as the simulator holds it; times are epoch milliseconds. */
export interface Order {
  /** Position in the store's creation order; orders are generated from it. */
  index: number;
  id: string;
  customerFirstName: string;
  customerLastName: string;
  customerEmail: string;
  customerPhoneNumber: string | null;
  customerOptedInToMarketing: boolean;
  customerNote: string | null;
  shippingAddress1: string;
  shippingAddress2: string | null;
  shippingCity: string;
  shippingState: string;
  shippingZip: string;
  shippingCountryId: string;
  shippingLatitude: number | null;
  shippingLongitude: number | null;
  shippingStatus: ShippingStatus;
  paymentStatus: PaymentStatus;
  currency: string;
  items: LineItem[];
  shippingCents: number;
  taxCents: number;
  discountCents: number;
  createdAt: number;
  updatedAt: number;
  completedAt: number;
  shipments: Shipment[];
}

export function itemTotalCents(order: Order): number {
  return order.items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
}

export function totalCents(order: Order): number {
  return itemTotalCents(order) + order.shippingCents + order.taxCents - order.discountCents;
}

/** Big Cartel sends money as decimal strings with at least one decimal: "110.0", "12.5", "12.99". */
export function formatMoney(cents: number): string {
  const value = cents / 100;
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

/** What a shipment changes on an order: quantities shipped, and the status once every line is. */
export function applyShipment(order: Order, shipment: Shipment): Order {
  const shippedById = new Map<string, number>();
  for (const item of shipment.items) {
    shippedById.set(
      item.orderLineItemId,
      (shippedById.get(item.orderLineItemId) ?? 0) + item.quantity,
    );
  }
  const items = order.items.map((item) => ({
    ...item,
    quantityShipped: Math.min(
      item.quantity,
      item.quantityShipped + (shippedById.get(item.id) ?? 0),
    ),
  }));
  const allShipped = items.every((item) => item.quantityShipped >= item.quantity);
  return {
    ...order,
    items,
    shipments: [...order.shipments, shipment],
    shippingStatus: allShipped ? 'shipped' : order.shippingStatus,
    updatedAt: shipment.createdAt,
  };
}

/** Setting shipping_status by PATCH moves every line to fully shipped or fully unshipped. */
export function setShippingStatus(order: Order, status: ShippingStatus, at: number): Order {
  return {
    ...order,
    shippingStatus: status,
    items: order.items.map((item) => ({
      ...item,
      quantityShipped: status === 'shipped' ? item.quantity : 0,
    })),
    updatedAt: at,
  };
}

/** What is left to ship of each line. */
export function unshippedItems(order: Order): ShipmentItem[] {
  return order.items
    .filter((item) => item.quantity > item.quantityShipped)
    .map((item) => ({ orderLineItemId: item.id, quantity: item.quantity - item.quantityShipped }));
}
