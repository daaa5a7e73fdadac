import {
  importFieldLabels,
  importFieldNames,
  importMappingMessages,
  mappingProblems,
  missingImportFields,
  type ColumnMapping,
  type ImportField,
  type MappingSource,
} from '@onvelope/contracts';
import { badRequest } from '@onvelope/service-kit/errors';
import {
  csvFields,
  type CsvField,
  type ExportField,
  type ExportValues,
  type StoreExport,
} from './file-fields.js';
import type { SavedMapping } from '../data/import-template.model.js';
import { headerKey, layoutSignature } from '../domain/header-layout.js';
import { importMessages } from './row-report.js';
import { withoutTextMarker } from './spreadsheet-cells.js';
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
  /** Required columns the header lacks, in the import's words. */
  missing: string[];
  /** The same, as the fields the mapping step names (`missingImportFields`). */
  missingFields: ImportField[];
  /** Headers no field matches (ignored). */
  ignored: string[];
  /** How the header was read where it is not the template's, one sentence each (issue 38). */
  assumptions: string[];
}

const trackingFields = ['courier', 'trackingNumber', 'trackingUrl'] as const;

/** 'a', 'a or b', 'a, b or c'. */
const orList = (words: readonly string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '');

/**
 * What the import assumes of a header that is not the template's: a name column split into first
 * and last name, columns read as a field of another name (unless `sayRenamed` is false: a mapped
 * file names every column it uses), and the optional columns it lacks.
 */
function assumptionsOf(
  headers: readonly string[],
  fields: readonly (CsvField | null)[],
  sayRenamed = true,
): string[] {
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
  if (sayRenamed && renamed.length) assumptions.push(`Columns read as: ${renamed.join(', ')}`);
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

const importFieldSet = new Set<string>(importFieldNames);
const isImportField = (field: ExportField | null): field is ImportField =>
  field !== null && importFieldSet.has(field);

/** A required field as the import's refusal names it (issue 39: a buyer by e-mail or name). */
const missingWords = (field: ImportField) => (field === 'email' ? 'email or buyer name' : field);

/**
 * Maps a header row to fields. When two columns name one field, the first non-empty value wins.
 * Required are an order number and a buyer to reach (contracts' `importRequirements`).
 */
export function columnsOf(headers: readonly string[]): CsvColumns {
  const fields = headers.map(fieldOfHeader);
  const missingFields = missingImportFields(fields.filter(isImportField));
  const ignored = headers.filter((header, index) => fields[index] === null && header.trim());
  return {
    fields,
    missing: missingFields.map(missingWords),
    missingFields,
    ignored,
    assumptions: assumptionsOf(headers, fields),
  };
}

/** What the seller said of the file's columns: a mapping sent with it, and their saved ones. */
export interface MappingChoice {
  given?: ColumnMapping | null;
  templates?: readonly SavedMapping[];
}

/** How the header says the file is read. */
export interface FileLayout {
  /** The field each column fills, by position; null for a column that is not read. */
  fields: (ExportField | null)[];
  /** Further fields read from a column `fields` already reads (one amount as price and total). */
  sharedColumns: (readonly [number, ExportField])[];
  storeExport: StoreExport | null;
  /** The entry fields the file fills: a field it lacks keeps its stored value. */
  present: Set<CsvField>;
  /** How the columns were read, for the answer (issues 38, 39). */
  assumptions: string[];
  /** The column of each field the mapping step lists (issue 39), by its header text. */
  mapping: Record<ImportField, string | null>;
  mappingSource: MappingSource;
  /** The seller's saved template for this layout, used or not. */
  template: { templateId: string; name: string } | null;
  /** Required fields no column fills; the import refuses the file while there are any. */
  missingFields: ImportField[];
  /** Headers of columns that are not read. */
  ignored: string[];
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

/** The field of the mapping step a store export's own column is shown as. */
const importFieldOfExport: Partial<Record<ExportField, ImportField>> = {
  fullName: 'customerName',
  fulfillmentStatus: 'status',
  shippingStatus: 'status',
  itemRecords: 'items',
  lineName: 'productName',
  lineQuantity: 'quantity',
  linePrice: 'itemPrice',
  lineSku: 'productId',
};

/** Each field of the mapping step with the header of the first column that fills it, or null. */
function mappingShown(
  headers: readonly string[],
  columns: readonly (readonly [number, ExportField])[],
): Record<ImportField, string | null> {
  const shown = Object.fromEntries(importFieldNames.map((field) => [field, null])) as Record<
    ImportField,
    string | null
  >;
  for (const [index, field] of columns) {
    const shownAs = isImportField(field) ? field : importFieldOfExport[field];
    if (shownAs && shown[shownAs] === null) shown[shownAs] = headers[index]!.trim();
  }
  return shown;
}

const columnsOfFields = (fields: readonly (ExportField | null)[]) =>
  fields.flatMap((field, index) => (field ? [[index, field] as const] : []));

const ignoredOf = (headers: readonly string[], fields: readonly (ExportField | null)[]) =>
  headers.filter((header, index) => fields[index] === null && header.trim());

/** The entry fields a file of its own columns fills; one name column fills first and last name. */
function presentOf(fields: readonly (ExportField | null)[], shared: readonly ExportField[]) {
  const present = new Set([...fields, ...shared].filter(isCsvField));
  if (present.has('customerName')) present.add('firstName').add('lastName');
  return present;
}

/** The column a mapping's header names: exactly (spaces around aside), else by `headerKey`. */
function columnOf(headers: readonly string[], header: string): number {
  const exact = headers.findIndex((name) => name.trim() === header.trim());
  if (exact >= 0) return exact;
  return headers.findIndex((name) => headerKey(name) === headerKey(header));
}

/**
 * A file of its own columns read by a mapping (issue 39): each field from the column the given
 * mapping names (null: none), else the template's, else the column its name suggests. A column
 * named for a field the mapping gives another column is not read; a column whose name suggests a
 * field the mapping step does not list (a SKU image, categories) is read as before.
 */
function mappedLayout(
  headers: readonly string[],
  mapping: ColumnMapping,
  source: 'given' | 'template',
  template: SavedMapping | null,
): FileLayout {
  const guessed = headers.map(fieldOfHeader);
  const chosen: ColumnMapping = {
    ...mappingShown(headers, columnsOfFields(guessed)),
    ...template?.mapping,
    ...(source === 'given' ? mapping : {}),
  };
  const fields: (CsvField | null)[] = headers.map(() => null);
  const sharedColumns: [number, CsvField][] = [];
  for (const field of importFieldNames) {
    const header = chosen[field];
    const index = header ? columnOf(headers, header) : -1;
    if (index < 0) continue;
    if (fields[index] === null) fields[index] = field;
    else sharedColumns.push([index, field]);
  }
  guessed.forEach((field, index) => {
    if (fields[index] === null && field !== null && !isImportField(field)) fields[index] = field;
  });
  const columns = [...columnsOfFields(fields), ...sharedColumns];
  const used = columns
    .filter(([, field]) => isImportField(field))
    .map(
      ([index, field]) => `${headers[index]!.trim()} → ${importFieldLabels[field as ImportField]}`,
    );
  const ignored = ignoredOf(headers, fields);
  const assumptions = [
    ...(source === 'template' && template
      ? [importMappingMessages.templateSaved(template.name)]
      : []),
    // Every column used is named here; the columns not used, on the header's row (a warning).
    `Columns used: ${used.join(', ')}`,
    ...assumptionsOf(headers, fields, false),
  ];
  const shownMapping = mappingShown(headers, columns);
  return {
    fields,
    sharedColumns,
    storeExport: null,
    present: presentOf(
      fields,
      sharedColumns.map(([, field]) => field),
    ),
    assumptions,
    mapping: shownMapping,
    mappingSource: source,
    template: template && { templateId: template.templateId, name: template.name },
    missingFields: missingImportFields(
      importFieldNames.filter((field) => shownMapping[field] !== null),
    ),
    ignored,
  };
}

/**
 * Reads the header (issue 39): by the mapping the seller sent (a 400 when it names a column the
 * file lacks, or one column for two fields), else by their saved template for this layout, else a
 * store's export as that store writes it (no required columns but the order number its signature
 * has), else by its column names. Says what is missing rather than refusing: see `layoutOf`.
 */
export function readLayout(headers: readonly string[], choice: MappingChoice = {}): FileLayout {
  const signature = choice.templates?.length ? layoutSignature(headers) : '';
  const template = choice.templates?.find((saved) => saved.signature === signature) ?? null;
  if (choice.given) {
    const problems = mappingProblems(headers, choice.given);
    if (problems.length) {
      throw badRequest(
        importMappingMessages.mappingMismatch,
        problems.map((message) => ({ message, path: 'mapping' })),
      );
    }
    return mappedLayout(headers, choice.given, 'given', template);
  }
  if (template) return mappedLayout(headers, template.mapping, 'template', template);
  const storeExport = recogniseExport(headers);
  if (storeExport) {
    const fields = exportFieldsOf(storeExport, headers);
    return {
      fields,
      sharedColumns: [],
      storeExport,
      present: new Set([...fields.filter(isCsvField), ...derivedFields(fields)]),
      assumptions: [],
      mapping: mappingShown(headers, columnsOfFields(fields)),
      mappingSource: 'recognised',
      template: null,
      // A store's export is read as the store writes it: a row without a buyer fails alone.
      missingFields: [],
      ignored: ignoredOf(headers, fields),
    };
  }
  const columns = columnsOf(headers);
  return {
    fields: columns.fields,
    sharedColumns: [],
    storeExport: null,
    present: presentOf(columns.fields, []),
    assumptions: columns.assumptions,
    mapping: mappingShown(headers, columnsOfFields(columns.fields)),
    mappingSource: 'guessed',
    template: null,
    missingFields: columns.missingFields,
    ignored: columns.ignored,
  };
}

/**
 * Reads the header as `readLayout` does, for an import: a file that still lacks a required field
 * is refused, the missing ones named.
 */
export function layoutOf(headers: readonly string[], choice: MappingChoice = {}): FileLayout {
  const layout = readLayout(headers, choice);
  if (layout.missingFields.length) {
    throw badRequest(
      importMessages.missingColumns(layout.missingFields.map(missingWords)),
      layout.missingFields.map((field) => ({
        message: `Missing column: ${missingWords(field)}`,
        path: field,
      })),
    );
  }
  return layout;
}

/** A row's cells by field, and how many lost a spreadsheet's text marker; or why it is refused. */
export type RowValues = { values: ExportValues; marked: number } | { refused: string };

/**
 * A data row's cells by the field of their column (the first non-empty of two columns of one field
 * wins), without a spreadsheet's text marker ('03038). A row with more filled cells than the header
 * has columns is refused.
 */
export function valuesOfRow(layout: FileLayout, cells: readonly string[]): RowValues {
  const { fields, sharedColumns } = layout;
  if (cells.length > fields.length) {
    const extra = cells.slice(fields.length).filter((cell) => cell.trim());
    if (extra.length) {
      return {
        refused: `The row has ${fields.length + extra.length} values but the header has ${fields.length} columns`,
      };
    }
  }
  const values: ExportValues = {};
  let marked = 0;
  fields.forEach((field, index) => {
    const cell = cells[index];
    if (!field || cell === undefined || values[field]?.trim()) return;
    const unmarked = withoutTextMarker(cell);
    if (unmarked !== cell) marked += 1;
    values[field] = unmarked;
  });
  for (const [index, field] of sharedColumns) {
    const cell = cells[index];
    if (cell !== undefined && !values[field]?.trim()) values[field] = withoutTextMarker(cell);
  }
  return { values, marked };
}
