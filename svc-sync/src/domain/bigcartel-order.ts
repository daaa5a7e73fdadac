import { z } from 'zod';
import { currencyCodeOf, itemsTextOfLines, storeFrontOrder } from '@onvelope/contracts';
import { decimal, isoDate, text } from './attribute-values.js';
import { latestShipmentOf } from './bigcartel-shipment.js';
import { paymentStateOf, type PaymentState } from './payment-status.js';

export type StoreFrontOrder = z.infer<typeof storeFrontOrder>;

const resourceRef = z.object({ type: z.string(), id: z.coerce.string() });
const relationship = z.object({ data: z.union([resourceRef, z.array(resourceRef), z.null()]) });

/** A JSON:API resource as Big Cartel sends it (attributes loosely typed: unknown fields pass). */
/**
 * What `mapBigCartelOrder` reads of an order, as a version: bumped whenever it starts reading
 * something orders stored before lack, so each connection's next sync reads the whole store once
 * (see the connection's `mappedWith`). 2: shipments (issue 38 item 2); 3: the order's currency
 * (issue 38 item 4).
 */
export const ORDER_MAPPING_VERSION = 3;

export const jsonApiResource = z.object({
  id: z.coerce.string(),
  type: z.string(),
  attributes: z.record(z.string(), z.unknown()).default({}),
  relationships: z.record(z.string(), relationship.partial()).default({}),
});
export type JsonApiResource = z.infer<typeof jsonApiResource>;

/**
 * `meta.count` comes as a number, or from some renderers as a string ("250"); anything else is read
 * as no count rather than refusing the page.
 */
const listingCount = z
  .union([
    z.number().int().nonnegative(),
    z
      .string()
      .regex(/^\s*\d+\s*$/)
      .transform(Number),
  ])
  .optional()
  .catch(undefined);

/** `GET /v1/accounts/{id}/orders`: orders, their de-duplicated line items, a count, the next page. */
export const orderListDocument = z.object({
  data: z.array(z.unknown()),
  included: z.array(z.unknown()).default([]),
  meta: z.object({ count: listingCount }).default({}),
  links: z.object({ next: z.string().nullish() }).partial().default({}),
});

const refsOf = (resource: JsonApiResource, name: string) => {
  const data = resource.relationships[name]?.data;
  if (!data) return [];
  return Array.isArray(data) ? data : [data];
};

/** The included resources by `type:id`, for looking up an order's line items and shipments. */
export function indexIncluded(included: readonly unknown[]): Map<string, JsonApiResource> {
  const index = new Map<string, JsonApiResource>();
  for (const raw of included) {
    const parsed = jsonApiResource.safeParse(raw);
    if (parsed.success) index.set(`${parsed.data.type}:${parsed.data.id}`, parsed.data);
  }
  return index;
}

interface LineItem {
  name: string | null;
  option: string | null;
  productId: string | null;
  imageUrl: string | null;
  quantity: number;
  price: number | null;
  total: number | null;
  shipped: number | null;
  unshipped: number | null;
  categories: string[];
}

function lineItemOf(resource: JsonApiResource): LineItem {
  const a = resource.attributes;
  // The docs' sample relates a line item to `product`; some clients see `products`.
  const product = refsOf(resource, 'product')[0] ?? refsOf(resource, 'products')[0];
  return {
    name: text(a.product_name),
    option: text(a.product_option_name),
    productId: text(a.product_id) ?? product?.id ?? null,
    imageUrl: text(a.image_url),
    quantity: decimal(a.quantity) ?? 0,
    price: decimal(a.price),
    total: decimal(a.total),
    shipped: decimal(a.quantity_shipped),
    unshipped: decimal(a.quantity_unshipped),
    categories: Array.isArray(a.category_names)
      ? a.category_names.flatMap((name) => (text(name) ? [text(name) as string] : []))
      : [],
  };
}

const sum = (values: (number | null)[]) =>
  values.length === 0 || values.some((value) => value === null)
    ? null
    : values.reduce<number>((total, value) => total + (value ?? 0), 0);

/**
 * The tracking entry status of a store-front order: shipped when the store-front says so, partially
 * shipped when some line items are shipped and some not; otherwise cancelled when its payment
 * failed (nothing is to ship), else pending.
 */
export function statusOf(
  shippingStatus: unknown,
  items: readonly LineItem[],
  payment: PaymentState,
): string {
  if (shippingStatus === 'shipped') return 'shipped';
  const shipped = items.reduce((total, item) => total + (item.shipped ?? 0), 0);
  const unshipped = items.reduce((total, item) => total + (item.unshipped ?? 0), 0);
  if (shipped > 0 && unshipped > 0) return 'partially_shipped';
  return payment === 'payment_failed' ? 'cancelled' : 'pending';
}

const COUNTRY_CODE = /^[A-Za-z]{2}$/;

export type MappedOrder =
  | { outcome: 'mapped'; order: StoreFrontOrder }
  /** Not paid yet and nothing of it shipped: no tracking entry until it is paid. */
  | { outcome: 'awaiting_payment'; id: string }
  | { outcome: 'unreadable'; error: string };

/**
 * Maps one Big Cartel order (JSON:API, line items looked up in `included`) to the order svc-orders
 * stores. The mapping is documented in the README. An order still awaiting payment is held back, so
 * the seller never sees it as one to ship; one that cannot become a tracking entry comes back with
 * an error text, so one bad order never stops a page.
 */
export function mapBigCartelOrder(
  raw: unknown,
  included: Map<string, JsonApiResource>,
): MappedOrder {
  const parsed = jsonApiResource.safeParse(raw);
  if (!parsed.success) return { outcome: 'unreadable', error: 'an order without an id' };
  const order = parsed.data;
  const a = order.attributes;
  const related = (name: string) =>
    refsOf(order, name).flatMap((ref) => {
      const found = included.get(`${ref.type}:${ref.id}`);
      return found ? [found] : [];
    });
  const items = related('items').map(lineItemOf);
  const first = items[0];
  const payment = paymentStateOf(a.payment_status);
  const status = statusOf(a.shipping_status, items, payment);
  if (payment === 'awaiting_payment' && status === 'pending') {
    return { outcome: 'awaiting_payment', id: order.id };
  }
  const country = text(a.shipping_country_id) ?? refsOf(order, 'shipping_country')[0]?.id ?? null;
  const categories = [...new Set(items.flatMap((item) => item.categories))];
  const quantityShipped = sum(items.map((item) => item.shipped));
  const quantityUnshipped = sum(items.map((item) => item.unshipped));
  const quantity = items.reduce((total, item) => total + item.quantity, 0);
  // Older line items carry no shipped quantities: all or nothing, by the order's status.
  const derivedShipped = items.length ? (status === 'shipped' ? quantity : 0) : null;

  const candidate: StoreFrontOrder = {
    externalId: order.id,
    orderNumber: order.id,
    firstName: text(a.customer_first_name),
    lastName: text(a.customer_last_name),
    email: text(a.customer_email),
    postcode: text(a.shipping_zip),
    status,
    orderDate: isoDate(a.created_at),
    // The store-front keeps no shipped date; its last change is the closest there is.
    shippedAt: status === 'shipped' ? isoDate(a.updated_at) : null,
    shippingAddress1: text(a.shipping_address_1),
    shippingAddress2: text(a.shipping_address_2),
    shippingCity: text(a.shipping_city),
    shippingState: text(a.shipping_state),
    shippingCountry: country && COUNTRY_CODE.test(country) ? country.toUpperCase() : null,
    shippingZip: text(a.shipping_zip),
    items: itemsTextOfLines(
      items.filter((item): item is LineItem & { name: string } => !!item.name),
    ),
    productName: first?.name ?? null,
    productId: first?.productId ?? null,
    productImageUrl: first?.imageUrl ?? null,
    quantity: items.length ? quantity : decimal(a.item_count),
    itemPrice: first?.price ?? null,
    itemTotal: decimal(a.item_total) ?? sum(items.map((item) => item.total)),
    // The `currencies` resource's id is the ISO code ("USD"); the relationship names it already.
    currency: currencyCodeOf(refsOf(order, 'currency')[0]?.id),
    quantityShipped: quantityShipped ?? derivedShipped,
    quantityUnshipped:
      quantityUnshipped ?? (derivedShipped === null ? null : quantity - derivedShipped),
    categoryNames: categories.length ? JSON.stringify(categories) : null,
    customerNote: text(a.customer_note),
    lineItems: items.flatMap(({ name, option, productId, imageUrl, quantity, price }) =>
      name ? [{ name, option, productId, imageUrl, quantity, price }] : [],
    ),
    shipment: latestShipmentOf(related('shipments')),
  };
  const checked = storeFrontOrder.safeParse(candidate);
  return checked.success
    ? { outcome: 'mapped', order: checked.data }
    : {
        outcome: 'unreadable',
        error: `order ${order.id}: ${checked.error.issues[0]?.message ?? 'invalid'}`,
      };
}
