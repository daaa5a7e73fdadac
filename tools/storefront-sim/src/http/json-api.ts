import { countries, currencies } from '../domain/catalogue.js';
import {
  formatMoney,
  itemTotalCents,
  totalCents,
  type Order,
  type Shipment,
} from '../domain/order.js';
import { type StoreProfile } from '../state/store.js';

export interface ResourceIdentifier {
  type: string;
  id: string;
}

export interface Resource extends ResourceIdentifier {
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: ResourceIdentifier | ResourceIdentifier[] | null }>;
  links?: Record<string, string>;
}

const iso = (ms: number): string => new Date(ms).toISOString();

export function accountResource(profile: StoreProfile): Resource {
  return {
    id: profile.accountId,
    type: 'accounts',
    attributes: {
      subdomain: profile.subdomain,
      store_name: profile.storeName,
      description: `Independent goods from ${profile.storeName}.`,
      contact_email: profile.contactEmail,
      url: `https://${profile.subdomain}.bigcartel.com`,
      website: null,
    },
    relationships: { currency: { data: { type: 'currencies', id: profile.currency } } },
  };
}

export function currencyResource(id: string): Resource {
  const currency = currencies[id];
  return {
    id,
    type: 'currencies',
    attributes: currency
      ? { name: currency.name, sign: currency.sign, locale: currency.locale }
      : { name: id, sign: '', locale: 'en' },
  };
}

function countryResource(id: string): Resource {
  return { id, type: 'countries', attributes: { name: countries[id]?.name ?? id } };
}

export function shipmentResource(shipment: Shipment, orderId: string): Resource {
  return {
    id: shipment.id,
    type: 'shipments',
    attributes: {
      carrier: shipment.carrier,
      tracking_number: shipment.trackingNumber,
      tracking_url: shipment.trackingUrl,
      notify_customer: shipment.notifyCustomer,
      items: shipment.items.map((item) => ({
        order_line_item_id: item.orderLineItemId,
        quantity: item.quantity,
      })),
      created_at: iso(shipment.createdAt),
    },
    relationships: { order: { data: { type: 'orders', id: orderId } } },
  };
}

export function orderResource(order: Order, accountId: string, baseUrl: string): Resource {
  return {
    id: order.id,
    type: 'orders',
    attributes: {
      item_count: order.items.reduce((sum, item) => sum + item.quantity, 0),
      item_total: formatMoney(itemTotalCents(order)),
      discount_total: formatMoney(order.discountCents),
      shipping_total: formatMoney(order.shippingCents),
      tax_total: formatMoney(order.taxCents),
      total: formatMoney(totalCents(order)),
      customer_first_name: order.customerFirstName,
      customer_last_name: order.customerLastName,
      customer_email: order.customerEmail,
      customer_phone_number: order.customerPhoneNumber,
      customer_opted_in_to_marketing: order.customerOptedInToMarketing,
      customer_note: order.customerNote,
      shipping_address_1: order.shippingAddress1,
      shipping_address_2: order.shippingAddress2,
      shipping_city: order.shippingCity,
      shipping_state: order.shippingState,
      shipping_zip: order.shippingZip,
      shipping_country_id: order.shippingCountryId,
      shipping_country_name: countries[order.shippingCountryId]?.name ?? order.shippingCountryId,
      shipping_latitude: order.shippingLatitude,
      shipping_longitude: order.shippingLongitude,
      shipping_status: order.shippingStatus,
      payment_status: order.paymentStatus,
      tax_remitted_by_big_cartel: null,
      created_at: iso(order.createdAt),
      updated_at: iso(order.updatedAt),
      completed_at: iso(order.completedAt),
    },
    links: { self: `${baseUrl}/v1/accounts/${accountId}/orders/${order.id}` },
    relationships: {
      currency: { data: { type: 'currencies', id: order.currency } },
      shipping_country: { data: { type: 'countries', id: order.shippingCountryId } },
      items: { data: order.items.map((item) => ({ type: 'order_line_items', id: item.id })) },
      events: { data: [] },
      transactions: { data: [] },
      adjustments: {
        data: [
          { type: 'order_adjustments/shipping', id: `${order.items[0]?.id ?? order.id}-shipping` },
        ],
      },
      shipments: {
        data: order.shipments.map((shipment) => ({ type: 'shipments', id: shipment.id })),
      },
    },
  };
}

function orderIncluded(order: Order): Resource[] {
  const lineItems: Resource[] = order.items.map((item) => ({
    id: item.id,
    type: 'order_line_items',
    attributes: {
      product_name: item.productName,
      product_option_name: item.productOptionName,
      quantity: item.quantity,
      quantity_shipped: item.quantityShipped,
      quantity_unshipped: item.quantity - item.quantityShipped,
      price: formatMoney(item.priceCents),
      total: formatMoney(item.priceCents * item.quantity),
      tax_total: '0.0',
      image_url: item.imageUrl,
      product_id: item.productId,
      category_names: item.categoryNames,
    },
    relationships: {
      product: { data: { type: 'products', id: item.productId } },
      product_option: {
        data: item.productOptionId ? { type: 'product_options', id: item.productOptionId } : null,
      },
    },
  }));
  return [
    ...lineItems,
    {
      id: `${order.items[0]?.id ?? order.id}-shipping`,
      type: 'order_adjustments/shipping',
      attributes: { amount: formatMoney(order.shippingCents), label: 'Shipping' },
    },
    ...order.shipments.map((shipment) => shipmentResource(shipment, order.id)),
    currencyResource(order.currency),
    countryResource(order.shippingCountryId),
  ];
}

/** `included` of a document, each resource once however many orders point at it. */
export function dedupeIncluded(resources: Resource[]): Resource[] {
  const seen = new Set<string>();
  return resources.filter((resource) => {
    const key = `${resource.type}:${resource.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function orderDocument(order: Order, accountId: string, baseUrl: string) {
  return {
    data: orderResource(order, accountId, baseUrl),
    included: dedupeIncluded(orderIncluded(order)),
  };
}

export function orderListDocument(
  orders: Order[],
  count: number | string,
  accountId: string,
  baseUrl: string,
  next: string | undefined,
) {
  return {
    data: orders.map((order) => orderResource(order, accountId, baseUrl)),
    included: dedupeIncluded(orders.flatMap(orderIncluded)),
    meta: { count },
    links: next ? { next } : {},
  };
}

export interface ApiError {
  status: number;
  code: string;
  title: string;
  detail: string;
  source?: { parameter?: string; pointer?: string };
}

export function errorDocument(error: ApiError) {
  const { status, ...rest } = error;
  return { errors: [{ status: String(status), ...rest }] };
}
