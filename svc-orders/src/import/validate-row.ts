import {
  codePointOf,
  controlCharacterIn,
  currencyCodeOf,
  isDeliverableEmail,
  itemsTextOfLines,
  longerThan,
  trackingEntryStatuses,
  webAddress,
  type OrderLineItem,
  type TextLines,
} from '@onvelope/contracts';
import { countryCodeOf } from '../domain/countries.js';
import { linesOfItemRecords } from '../domain/line-items.js';
import {
  defaultConventions,
  parseFileDate,
  parseFileNumber,
  type FileConventions,
} from './file-conventions.js';
import { paddedUsZip } from './spreadsheet-cells.js';
import { readByExport } from './export-row-rules.js';
import type { CsvField, ExportField, ExportValues, StoreExport } from './file-fields.js';
import { isPlaceholderPostcode, splitFullName } from './store-exports.js';

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
  /**
   * Fields filled though the file has no column for them (`readByExport`: a currency read from the
   * amounts' symbol, a shipping-label export's carrier), stored as a column's are.
   */
  filledWithoutColumn?: readonly CsvField[];
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
 * The longest cell the importer stores, in characters: far above any real name, address, note or
 * list of items, and a bound on what one order costs every page and export that shows it (a row
 * of 200,000-character names was stored, and each list of that seller's orders ran to 400 KB).
 */
const MAX_CELL_LENGTH: Record<TextLines, number> = { single: 1_000, multi: 10_000 };

/**
 * What the rules for text refuse of an order's cells, one error per column, read in one pass: the
 * contracts' rule (no control characters; line breaks and tabs only where a field holds several
 * lines), as the JSON API applies it to request bodies (issue 32, defect 9), said first; then a cell
 * longer than the importer stores (`MAX_CELL_LENGTH`).
 */
function cellErrors(values: ExportValues, lineRows: readonly ExportValues[]): string[] {
  const controls = new Set<string>();
  const overlong = new Set<string>();
  for (const cells of [values, ...lineRows]) {
    for (const [field, cell] of Object.entries(cells) as [ExportField, string | undefined][]) {
      if (!cell) continue;
      // Cells are read trimmed, so what surrounds the text does not count (a trailing CR).
      const text = cell.trim();
      const lines = multiLineFields.has(field) ? 'multi' : 'single';
      const found = controlCharacterIn(text, lines);
      if (found) {
        controls.add(
          found === '\n' || found === '\r'
            ? `${field}: holds a line break; this column takes one line of text`
            : found === '\t'
              ? `${field}: holds a tab; this column takes one line of text`
              : `${field}: holds a control character (${codePointOf(found)}), which is not text; remove it and upload the file again`,
        );
      } else if (text.length > MAX_CELL_LENGTH[lines]) {
        overlong.add(`${field}: ${longerThan('the cell', MAX_CELL_LENGTH[lines])}`);
      }
    }
  }
  return [...(controls.size ? controls : overlong)];
}

/** A link the pages open (a tracking link, a product image): http or https only. */
const linkable = webAddress('is not a web address');
const isWebAddress = (text: string) => linkable.safeParse(text).success;

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
  notWebAddress: (address: string) =>
    `'${address}' is not a web address (http:// or https://); left empty`,
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
  const refused = cellErrors(values, lineRows);
  if (refused.length) return { ok: false, errors: refused };
  if (orderNumber.length > MAX_ORDER_NUMBER_LENGTH) {
    return {
      ok: false,
      errors: [longerThan('Order number', MAX_ORDER_NUMBER_LENGTH)],
    };
  }
  const warnings: string[] = [];
  const text = (field: keyof ExportValues) => values[field]?.trim() || null;
  const tooLong = (['status', 'shippingCountry'] as const)
    .filter((field) => (text(field)?.length ?? 0) > MAX_CODE_LENGTH)
    .map((field) => longerThan(labels[field]!, MAX_CODE_LENGTH));
  if (tooLong.length) return { ok: false, errors: tooLong };

  const { conventions, storeExport } = context;
  const entry = { orderNumber, lineItems: null } as ImportedEntry;
  for (const field of textFields) entry[field] = text(field);
  for (const field of ['trackingUrl', 'productImageUrl'] as const) {
    const address = entry[field];
    if (address && !isWebAddress(address)) {
      warnings.push(importRowMessages.notWebAddress(address));
      entry[field] = null;
    }
  }
  for (const field of numberFields) {
    const raw = text(field);
    entry[field] = raw === null ? null : parseFileNumber(raw, conventions.decimalComma);
    if (raw !== null && entry[field] === null) {
      warnings.push(`${labels[field]} '${raw}' is not a number; left empty`);
    }
  }
  for (const field of dateFields) {
    const raw = text(field);
    entry[field] = raw === null ? null : parseFileDate(raw, conventions);
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
  const parsed = { entry, warnings, unknownStatus, noBuyer, paddedZip };
  return { ok: true, ...readByExport(storeExport, parsed, { values, lines: lineRows }) };
}
