import {
  codePointOf,
  controlCharacterIn,
  currencyCodeOf,
  isDeliverableEmail,
  itemsTextOfLines,
  requiredCsvColumns,
  trackingEntryStatuses,
  type OrderLineItem,
} from '@onvelope/contracts';
import { countryCodeOf } from './countries.js';
import {
  defaultConventions,
  parseFileDate,
  parseFileNumber,
  type FileConventions,
} from './file-conventions.js';
import { linesOfItemRecords } from './line-items.js';
import { paddedUsZip } from './spreadsheet-cells.js';
import {
  isPlaceholderPostcode,
  splitFullName,
  type ExportField,
  type ExportValues,
  type StoreExport,
} from './store-exports.js';

/** The tracking entry fields a CSV file can fill. */
export const csvFields = [
  'orderNumber',
  'firstName',
  'lastName',
  'customerName',
  'email',
  'postcode',
  'status',
  'courier',
  'trackingNumber',
  'trackingUrl',
  'personalNote',
  'orderDate',
  'shippedAt',
  'shippingAddress1',
  'shippingAddress2',
  'shippingCity',
  'shippingState',
  'shippingCountry',
  'shippingZip',
  'items',
  'productName',
  'productId',
  'productImageUrl',
  'quantity',
  'itemPrice',
  'itemTotal',
  'orderTotal',
  'currency',
  'lineItems',
  'quantityShipped',
  'quantityUnshipped',
  'categoryNames',
] as const;
export type CsvField = (typeof csvFields)[number];

/**
 * The columns a file of its own layout must have (issue 38; contracts' `requiredCsvColumns`):
 * 'postcode' is met by any zip spelling, firstName and lastName by any name column.
 */
export const requiredCsvFields = requiredCsvColumns satisfies readonly CsvField[];

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

/** Lower case, without spaces, underscores, dashes, dots, slashes, '#' or brackets. */
export const headerKey = (header: string) => header.toLowerCase().replace(/[\s_\-.#()/]+/g, '');

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

export type Separator = ',' | ';' | '\t';

/**
 * The separator of a file, from its header line: the candidate that occurs most often outside
 * quotes; comma when none does (a one-column file).
 */
export function detectSeparator(headerLine: string): Separator {
  const counts: Record<Separator, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char in counts) counts[char as Separator] += 1;
  }
  const best = (Object.keys(counts) as Separator[]).reduce((a, b) =>
    counts[b] > counts[a] ? b : a,
  );
  return counts[best] > 0 ? best : ',';
}

/** The values a CSV row gives for an entry, after validation. */
export interface ImportedEntry {
  orderNumber: string;
  firstName: string | null;
  lastName: string | null;
  customerName: string | null;
  email: string | null;
  postcode: string | null;
  /** Null when the cell is blank: the import decides (pending for a new order). */
  status: string | null;
  courier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  personalNote: string | null;
  orderDate: Date | null;
  shippedAt: Date | null;
  shippingAddress1: string | null;
  shippingAddress2: string | null;
  shippingCity: string | null;
  shippingState: string | null;
  shippingCountry: string | null;
  shippingZip: string | null;
  items: string | null;
  productName: string | null;
  productId: string | null;
  productImageUrl: string | null;
  quantity: number | null;
  itemPrice: number | null;
  itemTotal: number | null;
  /** What the buyer paid, tax and shipping included, when the file says. */
  orderTotal: number | null;
  /** The ISO 4217 code of the amounts (`currencyCodeOf`), when the file says. */
  currency: string | null;
  /** The order's lines, when the file lists them (store exports). */
  lineItems: OrderLineItem[] | null;
  quantityShipped: number | null;
  quantityUnshipped: number | null;
  categoryNames: string | null;
}

/** A row that can be stored, and what the import must still say or check once it knows the order. */
export interface ParsedRow {
  entry: ImportedEntry;
  warnings: string[];
  /** A status cell the product does not know: never stored (the import says what it kept). */
  unknownStatus: string | null;
  /**
   * Why the row cannot make a new order (it names no buyer), or null: a stored order it updates
   * keeps its buyer, as a blank cell keeps any stored value.
   */
  noBuyer: string | null;
  /** A US ZIP code that lost its leading zeros in a spreadsheet, as the file wrote it. */
  paddedZip: string | null;
}

export type RowOutcome = ({ ok: true } & ParsedRow) | { ok: false; errors: string[] };

const MAX_ORDER_NUMBER_LENGTH = 100;
/**
 * Status and country travel in the orders events (a batch of 1,000 per message, under NATS's 1 MB
 * payload limit); a cell longer than this is broken data, not a status or a country.
 */
const MAX_CODE_LENGTH = 100;
const knownStatuses = new Set<string>(trackingEntryStatuses);

/**
 * A status as the file writes it ('Shipped', 'PARTIALLY SHIPPED', 'partially-shipped', 'canceled')
 * in the stored spelling, or null when it is none of the known statuses (then it is not stored:
 * analytics and the dashboard's counts read statuses, issue 38).
 */
export function normaliseStatus(value: string): string | null {
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (key === 'canceled') return 'cancelled';
  return knownStatuses.has(key) ? key : null;
}

/** Category names as the JSON-encoded list of text the entry stores (spec 000 §3). */
export function categoryNamesOf(value: string): string {
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed) && parsed.every((name) => typeof name === 'string')) {
      return JSON.stringify(parsed);
    }
  } catch {
    // Not JSON: a plain list written by hand.
  }
  return JSON.stringify(
    value
      .split(/[,;|]/)
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

const textFields = [
  'firstName',
  'lastName',
  'customerName',
  'courier',
  'trackingNumber',
  'trackingUrl',
  'personalNote',
  'shippingAddress1',
  'shippingAddress2',
  'shippingCity',
  'shippingState',
  'shippingZip',
  'items',
  'productName',
  'productId',
  'productImageUrl',
] as const satisfies readonly CsvField[];
const numberFields = [
  'quantity',
  'itemPrice',
  'itemTotal',
  'orderTotal',
  'quantityShipped',
  'quantityUnshipped',
] as const satisfies readonly CsvField[];
const dateFields = ['orderDate', 'shippedAt'] as const satisfies readonly CsvField[];

const labels: Partial<Record<CsvField, string>> = {
  orderDate: 'Order date',
  shippedAt: 'Shipped date',
  quantity: 'Quantity',
  itemPrice: 'Item price',
  itemTotal: 'Item total',
  orderTotal: 'Order total',
  quantityShipped: 'Quantity shipped',
  quantityUnshipped: 'Quantity unshipped',
  status: 'Status',
  shippingCountry: 'Shipping country',
};

/** Cells that may run over several lines (a note, an Items list); every other cell is one line. */
const multiLineFields = new Set<ExportField>(['personalNote', 'items', 'itemRecords']);

/**
 * The contracts' rule for text (no control characters; line breaks and tabs only where a field
 * holds several lines) applied to an order's cells, as the JSON API applies it to request bodies
 * (issue 32, defect 9): one error per column that breaks it.
 */
function controlCharacterErrors(values: ExportValues, lineRows: readonly ExportValues[]): string[] {
  const errors = new Set<string>();
  for (const cells of [values, ...lineRows]) {
    for (const [field, cell] of Object.entries(cells) as [ExportField, string | undefined][]) {
      // Cells are read trimmed, so what surrounds the text does not count (a trailing CR).
      const found =
        cell && controlCharacterIn(cell.trim(), multiLineFields.has(field) ? 'multi' : 'single');
      if (!found) continue;
      errors.add(
        found === '\n' || found === '\r'
          ? `${field}: holds a line break; this column takes one line of text`
          : found === '\t'
            ? `${field}: holds a tab; this column takes one line of text`
            : `${field}: holds a control character (${codePointOf(found)}), which is not text; remove it and upload the file again`,
      );
    }
  }
  return [...errors];
}

/** How the file at hand is read: its conventions, and the store export it is, if any. */
export interface RowContext {
  conventions: FileConventions;
  storeExport: StoreExport | null;
}

export const plainFileContext: RowContext = { conventions: defaultConventions, storeExport: null };

/** An order's lines from an export's line rows, or from a Big Cartel Items cell. */
function linesOf(
  values: ExportValues,
  lineRows: readonly ExportValues[],
  context: RowContext,
  warnings: string[],
): OrderLineItem[] | null {
  if (values.itemRecords?.trim()) {
    return (context.storeExport?.itemRecordsOf ?? linesOfItemRecords)(values.itemRecords);
  }
  const lines = lineRows.flatMap((line): OrderLineItem[] => {
    const name = line.lineName?.trim();
    if (!name) return [];
    const number = (raw: string | undefined, label: string) => {
      if (!raw?.trim()) return null;
      const parsed = parseFileNumber(raw, context.conventions.decimalComma);
      if (parsed === null) warnings.push(`${label} '${raw.trim()}' of ${name} is not a number`);
      return parsed;
    };
    const quantity = number(line.lineQuantity, 'Quantity') ?? 1;
    const price = number(line.linePrice, 'Price');
    return [
      {
        name,
        option: line.lineOption?.trim() || null,
        productId: line.lineSku?.trim() || null,
        imageUrl: null,
        quantity,
        price:
          price !== null && context.storeExport?.linePriceIsTotal && quantity > 0
            ? Math.round((price / quantity) * 100) / 100
            : price,
      },
    ];
  });
  return lines.length ? lines : null;
}

/** Fills the product columns from the lines where the file gave none. */
function fillFromLines(entry: ImportedEntry, lines: readonly OrderLineItem[]) {
  const first = lines[0]!;
  entry.items ??= itemsTextOfLines(lines);
  entry.productName ??= first.name;
  entry.productId ??= first.productId;
  entry.quantity ??= lines.reduce((total, line) => total + line.quantity, 0);
  entry.itemPrice ??= first.price;
  if (entry.itemTotal === null && lines.every((line) => line.price !== null)) {
    const total = lines.reduce((sum, line) => sum + line.price! * line.quantity, 0);
    entry.itemTotal = Math.round(total * 100) / 100;
  }
}

/** Why a row cannot make a new order: it names no buyer (no name, no usable email). */
function noBuyerOf(
  values: ExportValues,
  lineRows: readonly ExportValues[],
  badEmail: string | null,
): string {
  const given = (cells: ExportValues) =>
    Object.entries(cells).some(([field, cell]) => field !== 'orderNumber' && cell?.trim());
  if (!given(values) && !lineRows.some(given)) return importRowMessages.onlyOrderNumber;
  return badEmail ? importRowMessages.noBuyerBadEmail(badEmail) : importRowMessages.noBuyer;
}

/** What a row's validation says, in the seller's words (the row report's lines). */
export const importRowMessages = {
  onlyOrderNumber:
    "The row has only an order number; a new order needs at least the buyer's name or email",
  noBuyer: "No buyer: a new order needs at least the buyer's name or email",
  noBuyerBadEmail: (email: string) =>
    `No buyer: there is no name, and '${email}' is not an email address; a new order needs at least the buyer's name or email`,
  badEmail: (email: string) => `Email '${email}' is not an email address; it was not stored`,
  badCurrency: (currency: string) =>
    `Currency '${currency}' is not a currency code (use USD, GBP, EUR…); left empty`,
} as const;

/**
 * Validates one order: its row (or, in an export with a row per line item, its first row's order
 * cells and every row's line cells). A missing or over-long order number, a cell with a control
 * character (or a line break outside a note or Items), or a status or country over 100 characters,
 * fails the order; so does naming no buyer, for a new order (`noBuyer`, decided by the import once
 * it knows whether the order is stored). Everything else it can live without is a warning and is
 * not stored: an email that is not one, an unknown status (`unknownStatus`), a bad date or number.
 */
export function parseCsvRow(
  values: ExportValues,
  context: RowContext = plainFileContext,
  lineRows: readonly ExportValues[] = [],
): RowOutcome {
  const orderNumber = values.orderNumber?.trim() ?? '';
  if (!orderNumber) return { ok: false, errors: ['Order number is missing'] };
  const controls = controlCharacterErrors(values, lineRows);
  if (controls.length) return { ok: false, errors: controls };
  if (orderNumber.length > MAX_ORDER_NUMBER_LENGTH) {
    return {
      ok: false,
      errors: [`Order number is longer than ${MAX_ORDER_NUMBER_LENGTH} characters`],
    };
  }
  const warnings: string[] = [];
  const text = (field: keyof ExportValues) => values[field]?.trim() || null;
  const tooLong = (['status', 'shippingCountry'] as const)
    .filter((field) => (text(field)?.length ?? 0) > MAX_CODE_LENGTH)
    .map((field) => `${labels[field]} is longer than ${MAX_CODE_LENGTH} characters`);
  if (tooLong.length) return { ok: false, errors: tooLong };

  const { conventions, storeExport } = context;
  const entry = { orderNumber, lineItems: null } as ImportedEntry;
  for (const field of textFields) entry[field] = text(field);
  for (const field of numberFields) {
    const raw = text(field);
    entry[field] = raw === null ? null : parseFileNumber(raw, conventions.decimalComma);
    if (raw !== null && entry[field] === null) {
      warnings.push(`${labels[field]} '${raw}' is not a number; left empty`);
    }
  }
  for (const field of dateFields) {
    const raw = text(field);
    entry[field] = raw === null ? null : parseFileDate(raw, conventions.dateOrder);
    if (raw !== null && entry[field] === null) {
      warnings.push(
        `${labels[field]} '${raw}' is not a date (use 2025-03-01 or ${conventions.dateOrder === 'dayFirst' ? '1/3/2025' : '3/1/2025'}); left empty`,
      );
    }
  }

  // A store's full-name column, or a file's one name column ('Buyer Name') without first/last.
  const fullName = text('fullName') ?? entry.customerName;
  if (fullName && !entry.firstName && !entry.lastName) {
    const { firstName, lastName } = splitFullName(fullName);
    entry.firstName = firstName;
    entry.lastName = lastName;
  }

  // Spec 000 §3: 'Unknown' counts as a missing postcode; so do the '-' and 'N/A' of store exports.
  const postcode = text('postcode');
  entry.postcode = postcode && !isPlaceholderPostcode(postcode) ? postcode : null;

  // An address that is not one would only bounce the buyer's mail and never match a lookup.
  const email = text('email');
  const badEmail = email && !isDeliverableEmail(email) ? email : null;
  entry.email = badEmail ? null : email;
  if (badEmail) warnings.push(importRowMessages.badEmail(badEmail));

  const status = text('status');
  let unknownStatus: string | null = null;
  if (storeExport) entry.status = storeExport.statusOf(values);
  else {
    entry.status = status && normaliseStatus(status);
    if (status && !entry.status) unknownStatus = status;
  }

  const country = text('shippingCountry');
  entry.shippingCountry = country && (countryCodeOf(country) ?? country);

  let paddedZip: string | null = null;
  if (entry.postcode && entry.shippingCountry === 'US') {
    const zip = paddedUsZip(entry.postcode);
    if (zip !== entry.postcode) [paddedZip, entry.postcode] = [entry.postcode, zip];
  }

  const currency = text('currency');
  entry.currency = currencyCodeOf(currency);
  if (currency && !entry.currency) warnings.push(importRowMessages.badCurrency(currency));

  const categories = text('categoryNames');
  entry.categoryNames = categories === null ? null : categoryNamesOf(categories);

  const lines = linesOf(values, lineRows, context, warnings);
  if (lines) {
    entry.lineItems = lines;
    fillFromLines(entry, lines);
  }

  entry.customerName ??= [entry.firstName, entry.lastName].filter(Boolean).join(' ') || null;
  const noBuyer = entry.customerName || entry.email ? null : noBuyerOf(values, lineRows, badEmail);
  return { ok: true, entry, warnings, unknownStatus, noBuyer, paddedZip };
}
