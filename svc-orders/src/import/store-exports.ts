import { isCancelledStatus, lower } from './export-statuses.js';
import { headerKey } from '../domain/header-layout.js';
import { type ExportField, type ExportValues, type StoreExport } from './file-fields.js';
import { marketplaceExports } from './marketplace-exports.js';
import { shippingLabelExports } from './shipping-label-exports.js';

/** Shopify and Squarespace share most of their export's shape. */
const shopifyLikeColumns = {
  email: 'email',
  financialstatus: 'financialStatus',
  fulfillmentstatus: 'fulfillmentStatus',
  fulfilledat: 'shippedAt',
  createdat: 'orderDate',
  cancelledat: 'cancelledAt',
  subtotal: 'itemTotal',
  total: 'orderTotal',
  currency: 'currency',
  lineitemquantity: 'lineQuantity',
  lineitemname: 'lineName',
  lineitemprice: 'linePrice',
  lineitemsku: 'lineSku',
  lineitemvariant: 'lineOption',
  shippingname: 'fullName',
  shippingaddress1: 'shippingAddress1',
  shippingaddress2: 'shippingAddress2',
  shippingcity: 'shippingCity',
  shippingzip: 'postcode',
  shippingprovince: 'shippingState',
  shippingcountry: 'shippingCountry',
  notes: 'personalNote',
  privatenotes: 'personalNote',
} as const satisfies Record<string, ExportField>;

/**
 * Etsy's exports from a UK or EU shop name their columns in British words (issue 39): 'Date
 * Posted' for 'Date Shipped', 'Delivery …' for 'Ship …'.
 */
const etsyBritishColumns = {
  dateposted: 'shippedAt',
  deliveryname: 'fullName',
  deliveryaddress1: 'shippingAddress1',
  deliveryaddress2: 'shippingAddress2',
  deliverycity: 'shippingCity',
  deliverycounty: 'shippingState',
  deliverystate: 'shippingState',
  deliveryzipcode: 'postcode',
  deliverypostcode: 'postcode',
  deliverycountry: 'shippingCountry',
} as const satisfies Record<string, ExportField>;

/**
 * Shopify: fulfilled, partial, unfulfilled (or blank); a cancelled or refunded order is cancelled,
 * a partially refunded one is read by its fulfilment (issue 39).
 */
function shopifyStatus(values: ExportValues): string | null {
  if (lower(values.cancelledAt) || isCancelledStatus(lower(values.financialStatus)))
    return 'cancelled';
  const fulfilment = lower(values.fulfillmentStatus);
  if (isCancelledStatus(fulfilment)) return 'cancelled';
  if (fulfilment === 'fulfilled') return 'shipped';
  if (fulfilment === 'partial' || fulfilment === 'partially fulfilled') return 'partially_shipped';
  return 'pending';
}

export const storeExports: readonly StoreExport[] = [
  {
    name: 'Shopify orders export',
    signature: ['name', 'financialstatus', 'fulfillmentstatus', 'lineitemname'],
    columns: { name: 'orderNumber', ...shopifyLikeColumns },
    lineRows: true,
    statusOf: shopifyStatus,
  },
  {
    name: 'Squarespace orders export',
    signature: ['orderid', 'fulfillmentstatus', 'lineitemname', 'lineitemvariant'],
    columns: { orderid: 'orderNumber', ...shopifyLikeColumns },
    lineRows: true,
    statusOf: shopifyStatus,
  },
  {
    name: 'Etsy sold order items export',
    signature: ['saledate', 'itemname', 'orderid', 'transactionid'],
    columns: {
      orderid: 'orderNumber',
      saledate: 'orderDate',
      dateshipped: 'shippedAt',
      itemname: 'lineName',
      quantity: 'lineQuantity',
      price: 'linePrice',
      currency: 'currency',
      sku: 'lineSku',
      variations: 'lineOption',
      shipname: 'fullName',
      shipaddress1: 'shippingAddress1',
      shipaddress2: 'shippingAddress2',
      shipcity: 'shippingCity',
      shipstate: 'shippingState',
      shipzipcode: 'postcode',
      shipcountry: 'shippingCountry',
      ...etsyBritishColumns,
    },
    lineRows: true,
    statusOf: (values) => (lower(values.shippedAt) ? 'shipped' : 'pending'),
  },
  {
    name: 'Etsy sold orders export',
    signature: ['saledate', 'orderid', 'numberofitems', 'ordertotal'],
    columns: {
      orderid: 'orderNumber',
      saledate: 'orderDate',
      dateshipped: 'shippedAt',
      fullname: 'fullName',
      firstname: 'firstName',
      lastname: 'lastName',
      street1: 'shippingAddress1',
      street2: 'shippingAddress2',
      shipcity: 'shippingCity',
      shipstate: 'shippingState',
      shipzipcode: 'postcode',
      shipcountry: 'shippingCountry',
      numberofitems: 'quantity',
      ordervalue: 'itemTotal',
      ordertotal: 'orderTotal',
      currency: 'currency',
      status: 'fulfillmentStatus',
      ...etsyBritishColumns,
    },
    lineRows: false,
    statusOf: (values) => {
      if (isCancelledStatus(lower(values.fulfillmentStatus))) return 'cancelled';
      return lower(values.shippedAt) ? 'shipped' : 'pending';
    },
  },
  {
    name: 'Big Cartel orders export',
    signature: ['number', 'buyerfirstname', 'buyerlastname', 'shippingstatus'],
    columns: {
      number: 'orderNumber',
      buyerfirstname: 'firstName',
      buyerlastname: 'lastName',
      buyeremail: 'email',
      shippingaddress1: 'shippingAddress1',
      shippingaddress2: 'shippingAddress2',
      shippingcity: 'shippingCity',
      shippingstate: 'shippingState',
      shippingzip: 'postcode',
      shippingcountry: 'shippingCountry',
      items: 'itemRecords',
      itemcount: 'quantity',
      itemtotal: 'itemTotal',
      total: 'orderTotal',
      currency: 'currency',
      status: 'fulfillmentStatus',
      shippingstatus: 'shippingStatus',
      createdat: 'orderDate',
      date: 'orderDate',
      note: 'personalNote',
    },
    lineRows: false,
    statusOf: (values) => {
      if (isCancelledStatus(lower(values.fulfillmentStatus))) return 'cancelled';
      const shipping = lower(values.shippingStatus);
      if (shipping === 'shipped') return 'shipped';
      if (shipping.startsWith('partial')) return 'partially_shipped';
      return 'pending';
    },
  },
  {
    name: 'WooCommerce orders export',
    signature: ['ordernumber', 'orderstatus', 'emailbilling', 'itemname'],
    columns: {
      ordernumber: 'orderNumber',
      orderstatus: 'fulfillmentStatus',
      orderdate: 'orderDate',
      firstnamebilling: 'firstName',
      lastnamebilling: 'lastName',
      emailbilling: 'email',
      address1shipping: 'shippingAddress1',
      address2shipping: 'shippingAddress2',
      cityshipping: 'shippingCity',
      statecodeshipping: 'shippingState',
      postcodeshipping: 'postcode',
      countrycodeshipping: 'shippingCountry',
      itemname: 'lineName',
      quantity: 'lineQuantity',
      itemcost: 'linePrice',
      sku: 'lineSku',
      ordersubtotalamount: 'itemTotal',
      ordertotalamount: 'orderTotal',
      ordercurrency: 'currency',
      customernote: 'personalNote',
    },
    lineRows: true,
    statusOf: (values) => {
      const status = lower(values.fulfillmentStatus).replace(/^wc-/, '');
      if (isCancelledStatus(status)) return 'cancelled';
      if (status === 'completed') return 'shipped';
      return 'pending';
    },
  },
  ...marketplaceExports,
  ...shippingLabelExports,
];

/** The store export a header row is, or null for any other file (read by its column names). */
export function recogniseExport(headers: readonly string[]): StoreExport | null {
  const keys = new Set(headers.map(headerKey));
  return storeExports.find((known) => known.signature.every((key) => keys.has(key))) ?? null;
}

/** The field of each column of a recognised export, by position; null for unused columns. */
export const exportFieldsOf = (known: StoreExport, headers: readonly string[]) =>
  headers.map((header) => known.columns[headerKey(header)] ?? null);

const PLACEHOLDER_POSTCODES = new Set(['', '-', '--', 'n/a', 'na', 'none', 'unknown', '0']);

/** Spec 000 §3 treats 'Unknown' as a missing postcode; stores write '-', 'N/A' and the like too. */
export const isPlaceholderPostcode = (value: string) =>
  PLACEHOLDER_POSTCODES.has(value.trim().toLowerCase());

/**
 * A full name split where only one name column exists: the last word is the last name, the rest
 * the first ("Mary Ann Smith" → Mary Ann, Smith); one word is a first name.
 */
export function splitFullName(fullName: string): { firstName: string; lastName: string | null } {
  const words = fullName.trim().split(/\s+/);
  if (words.length === 1) return { firstName: words[0]!, lastName: null };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! };
}
