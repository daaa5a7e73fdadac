import { badRequest } from '@onvelope/service-kit';
import {
  csvFields,
  headerKey,
  requiredCsvFields,
  type CsvField,
  type ExportField,
  type StoreExport,
} from './file-fields.js';
import { importMessages } from './row-report.js';
import { exportFieldsOf, recogniseExport } from './store-exports.js';

// Header spellings, compared after `headerKey` (lower case, no spaces, underscores, dashes, dots or
// '#'), so 'Order Number', 'order_number', 'ORDER-NUMBER' and 'orderNumber' are one spelling.
const spellings: Record<CsvField, string[]> = {
  orderNumber: [
    'ordernumber',
    'orderno',
    'ordernum',
    'ordernr',
    'orderid',
    'order',
    'ordercode',
    'orderref',
    'orderreference',
  ],
  firstName: ['firstname', 'first', 'forename', 'givenname', 'customerfirstname', 'buyerfirstname'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'customerlastname', 'buyerlastname'],
  // One name column; without firstName and lastName columns it is split into both.
  customerName: [
    'customername',
    'customer',
    'customerfullname',
    'fullname',
    'name',
    'buyername',
    'buyer',
    'buyerfullname',
    'recipient',
    'recipientname',
    'shiptoname',
    'deliveryname',
  ],
  email: [
    'email',
    'emailaddress',
    'customeremail',
    'customeremailaddress',
    'buyeremail',
    'buyeremailaddress',
    'mail',
  ],
  postcode: [
    'postcode',
    'postalcode',
    'zip',
    'zipcode',
    'postcodezip',
    'zippostcode',
    'postcodezipcode',
    'zippostalcode',
    'postalzipcode',
    'customerpostcode',
    'customerzip',
    'buyerpostcode',
    'buyerzip',
  ],
  status: [
    'status',
    'orderstatus',
    'fulfillmentstatus',
    'fulfilmentstatus',
    'shippingstatus',
    'deliverystatus',
  ],
  courier: [
    'courier',
    'carrier',
    'shippingcarrier',
    'shippingcourier',
    'shippingprovider',
    'shippingcompany',
    'deliverycompany',
    'shippedvia',
  ],
  trackingNumber: [
    'trackingnumber',
    'trackingno',
    'trackingnum',
    'tracking',
    'trackingcode',
    'trackingid',
    'trackingreference',
  ],
  trackingUrl: ['trackingurl', 'trackinglink', 'trackingwebsite'],
  personalNote: ['personalnote', 'note', 'notes', 'ordernote', 'ordernotes'],
  orderDate: [
    'orderdate',
    'date',
    'orderedat',
    'orderedon',
    'orderplaced',
    'purchasedate',
    'dateordered',
    'saledate',
  ],
  shippedAt: ['shippedat', 'shippeddate', 'shipdate', 'dateshipped', 'shippedon'],
  shippingAddress1: [
    'shippingaddress1',
    'shippingaddress',
    'shippingaddressline1',
    'address1',
    'addressline1',
    'address',
    'street',
    'streetaddress',
    'deliveryaddress',
  ],
  shippingAddress2: ['shippingaddress2', 'shippingaddressline2', 'address2', 'addressline2'],
  shippingCity: ['shippingcity', 'city', 'town', 'towncity', 'deliverycity'],
  shippingState: ['shippingstate', 'state', 'county', 'region', 'province'],
  shippingCountry: ['shippingcountry', 'country', 'countrycode', 'deliverycountry'],
  shippingZip: ['shippingzip', 'shippingzipcode', 'shippingpostcode', 'shippingpostalcode'],
  items: ['items', 'itemnames', 'lineitems', 'products', 'orderitems'],
  productName: ['productname', 'product', 'itemname'],
  productId: ['productid', 'sku', 'itemid'],
  productImageUrl: ['productimageurl', 'productimage', 'imageurl', 'image'],
  quantity: ['quantity', 'qty'],
  itemPrice: ['itemprice', 'price', 'unitprice'],
  itemTotal: ['itemtotal', 'total', 'ordertotal', 'amount', 'subtotal', 'itemstotal'],
  orderTotal: ['grandtotal', 'totalwithtaxandshipping', 'totalpaid', 'amountpaid'],
  currency: ['currency', 'currencycode', 'ordercurrency'],
  // Made from a store export's line columns, never named by a header.
  lineItems: [],
  quantityShipped: ['quantityshipped', 'qtyshipped', 'shippedquantity'],
  quantityUnshipped: ['quantityunshipped', 'qtyunshipped', 'unshippedquantity'],
  categoryNames: ['categorynames', 'categories', 'category'],
};

const fieldBySpelling = new Map<string, CsvField>(
  csvFields.flatMap((field) => spellings[field].map((spelling) => [spelling, field] as const)),
);

/** The field a header names, or null for a column the import does not use. */
export function fieldOfHeader(header: string): CsvField | null {
  return fieldBySpelling.get(headerKey(header)) ?? null;
}

export interface CsvColumns {
  /** The field of each column, by position; null for columns that are ignored. */
  fields: (CsvField | null)[];
  /** Required columns the header lacks, in the spec's words. */
  missing: string[];
  /** Headers no field matches (ignored). */
  ignored: string[];
  /** How the header was read where it is not the template's, one sentence each (issue 38). */
  assumptions: string[];
}

const nameFields = new Set<CsvField>(['firstName', 'lastName', 'customerName']);
const trackingFields = ['courier', 'trackingNumber', 'trackingUrl'] as const;

/** 'a', 'a or b', 'a, b or c'. */
const orList = (words: readonly string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '');

/**
 * What the import assumes of a header that is not the template's: a name column split into first
 * and last name, columns read as a field of another name, and the optional columns it lacks.
 */
function assumptionsOf(headers: readonly string[], fields: readonly (CsvField | null)[]): string[] {
  const present = new Set(fields);
  const assumptions: string[] = [];
  const nameColumn = headers[fields.indexOf('customerName')];
  const split = nameColumn !== undefined && !present.has('firstName') && !present.has('lastName');
  if (split) {
    assumptions.push(
      `${nameColumn.trim()} → first and last name: the last word is the last name ` +
        `('Mary Ann Smith' → Mary Ann, Smith), one word is a first name`,
    );
  }
  const renamed = headers.flatMap((header, index) => {
    const field = fields[index];
    if (!field || headerKey(header) === headerKey(field)) return [];
    if (split && field === 'customerName') return [];
    return [`${header.trim()} → ${field}`];
  });
  if (renamed.length) assumptions.push(`Columns read as: ${renamed.join(', ')}`);
  if (!present.has('status')) {
    assumptions.push(
      'No status column: new orders are stored as pending; orders already stored keep their status',
    );
  }
  const noTracking = trackingFields.filter((field) => !present.has(field));
  if (noTracking.length) {
    assumptions.push(
      `No ${orList(noTracking)} column: orders are stored without ` +
        `${noTracking.length > 1 ? 'them' : 'it'} until you mark them shipped`,
    );
  }
  return assumptions;
}

/**
 * Maps a header row to fields. When two columns name one field, the first non-empty value wins.
 * Required are the contracts' `requiredCsvColumns`; one name column stands for first and last name.
 */
export function columnsOf(headers: readonly string[]): CsvColumns {
  const fields = headers.map(fieldOfHeader);
  const present = new Set(fields);
  const named = [...nameFields].some((field) => present.has(field));
  const missing = requiredCsvFields
    .filter((field) => !(nameFields.has(field) ? named : present.has(field)))
    .map((field) => (field === 'postcode' ? 'postcode or zipcode' : field));
  const ignored = headers.filter((header, index) => fields[index] === null && header.trim());
  return { fields, missing, ignored, assumptions: assumptionsOf(headers, fields) };
}

/** How the header says the file is read. */
export interface FileLayout {
  fields: (ExportField | null)[];
  storeExport: StoreExport | null;
  /** The entry fields the file fills: a field it lacks keeps its stored value. */
  present: Set<CsvField>;
  /** How a file of its own columns was read, for the answer (issue 38). */
  assumptions: string[];
}

const csvFieldSet = new Set<string>(csvFields);
const isCsvField = (field: ExportField | null): field is CsvField =>
  field !== null && csvFieldSet.has(field);

/** Fields an export fills from other columns: names from a full name, products from its lines. */
function derivedFields(fields: readonly (ExportField | null)[]): CsvField[] {
  const derived: CsvField[] = ['status'];
  if (fields.includes('fullName')) derived.push('firstName', 'lastName');
  if (fields.includes('lineName') || fields.includes('itemRecords')) {
    derived.push(
      'lineItems',
      'items',
      'productName',
      'productId',
      'quantity',
      'itemPrice',
      'itemTotal',
    );
  }
  return derived;
}

/**
 * Reads the header: a store's export as that store writes it (no required columns but the order
 * number its signature has), any other file by its column names, with the required columns of
 * `columnsOf` (issue 38: order number, a name, email, postcode).
 */
export function layoutOf(headers: readonly string[]): FileLayout {
  const storeExport = recogniseExport(headers);
  if (storeExport) {
    const fields = exportFieldsOf(storeExport, headers);
    return {
      fields,
      storeExport,
      present: new Set([...fields.filter(isCsvField), ...derivedFields(fields)]),
      assumptions: [],
    };
  }
  const columns = columnsOf(headers);
  if (columns.missing.length) {
    throw badRequest(
      importMessages.missingColumns(columns.missing),
      columns.missing.map((column) => ({ message: `Missing column: ${column}`, path: column })),
    );
  }
  const present = new Set(columns.fields.filter(isCsvField));
  // One name column ('Buyer Name') fills first and last name where the file has no column for them.
  if (present.has('customerName')) present.add('firstName').add('lastName');
  return { fields: columns.fields, storeExport: null, present, assumptions: columns.assumptions };
}
