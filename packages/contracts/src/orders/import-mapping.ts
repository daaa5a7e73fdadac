import { z } from 'zod';
import { textField } from '../text.js';

/**
 * The fields a seller can map a column of their file to (issue 39), in the order the mapping step
 * lists them, each with its label in plain words.
 */
export const importFields = [
  { field: 'orderNumber', label: 'Order number' },
  { field: 'customerName', label: 'Buyer name' },
  { field: 'firstName', label: 'Buyer first name' },
  { field: 'lastName', label: 'Buyer last name' },
  { field: 'email', label: 'Buyer e-mail' },
  { field: 'postcode', label: 'Postcode / ZIP' },
  { field: 'shippingAddress1', label: 'Address line 1' },
  { field: 'shippingAddress2', label: 'Address line 2' },
  { field: 'shippingCity', label: 'City / town' },
  { field: 'shippingState', label: 'State / county' },
  { field: 'shippingCountry', label: 'Country' },
  { field: 'status', label: 'Status' },
  { field: 'courier', label: 'Courier' },
  { field: 'trackingNumber', label: 'Tracking number' },
  { field: 'trackingUrl', label: 'Tracking link' },
  { field: 'orderDate', label: 'Order date' },
  { field: 'shippedAt', label: 'Shipped date' },
  { field: 'items', label: 'Items (e.g. “2 x Mug; 1 x Poster”)' },
  { field: 'productName', label: 'Product name' },
  { field: 'productId', label: 'Product SKU' },
  { field: 'quantity', label: 'Quantity' },
  { field: 'itemPrice', label: 'Item price' },
  { field: 'itemTotal', label: 'Items total' },
  { field: 'orderTotal', label: 'Order total (paid)' },
  { field: 'currency', label: 'Currency' },
  { field: 'personalNote', label: 'Note' },
] as const;

export type ImportField = (typeof importFields)[number]['field'];
export const importFieldNames = importFields.map(({ field }) => field) as [
  ImportField,
  ...ImportField[],
];
export const importFieldLabels = Object.fromEntries(
  importFields.map(({ field, label }) => [field, label]),
) as Record<ImportField, string>;
export const importField = z.enum(importFieldNames);

/**
 * What an order really needs (issue 39): an order number, and a buyer to reach, by an e-mail or a
 * name (one name column, or first and last name). Each requirement is met by any of its fields;
 * everything else may be absent.
 */
export const importRequirements = [
  { fields: ['orderNumber'], label: 'an order number' },
  {
    fields: ['email', 'customerName', 'firstName', 'lastName'],
    label: 'a buyer to reach: an e-mail or a name',
  },
] as const satisfies readonly { fields: readonly ImportField[]; label: string }[];

/**
 * The required fields a set of mapped fields lacks: for each requirement none of whose fields is
 * mapped, its first field ('orderNumber', 'email'). Empty when the file can be imported.
 *
 * @example missingImportFields(['orderNumber', 'customerName']) // []
 */
export function missingImportFields(mapped: Iterable<ImportField>): ImportField[] {
  const present = new Set(mapped);
  return importRequirements
    .filter(({ fields }) => !fields.some((field) => present.has(field)))
    .map(({ fields }) => fields[0]);
}

/** A column as the file's header row writes it, exactly. */
const headerText = textField().max(200);

/**
 * Which column of the file fills each field: the header text exactly as in the file, or null for
 * "no column" (a field left out is also no column, unless a guess or template fills it).
 */
export const columnMapping = z.partialRecord(importField, headerText.nullable());
export type ColumnMapping = z.infer<typeof columnMapping>;

/**
 * Fields that may read the same column: amounts, where a file has one amount for an order of one
 * item. Any other column read as two fields is a mistake (a name as e-mail and postcode).
 */
const sharedColumnFields = new Set<ImportField>(['itemPrice', 'itemTotal', 'orderTotal']);

export const importMappingMessages = {
  unknownHeader: (field: ImportField, header: string) =>
    `${importFieldLabels[field]}: the file has no column “${header}”`,
  sameColumn: (header: string, fields: readonly ImportField[]) =>
    `Column “${header}” is chosen for ${fields.map((field) => importFieldLabels[field]).join(' and ')}; a column can fill one of them`,
  mappingMismatch: 'The column mapping does not fit the file',
  badMappingField: 'The mapping field must be JSON: {"orderNumber": "Order ID", "email": null, …}',
  templateNotFound: 'Import template not found',
  templateDeleted: 'Import template deleted',
  templateSaved: (name: string) => `Columns mapped by your saved template “${name}”`,
} as const;

/**
 * What is wrong with a mapping for a file of these headers, one sentence each (empty when
 * nothing): a column the file does not have, and a column chosen for two fields that cannot share
 * it. Headers are compared exactly, surrounding spaces aside.
 */
export function mappingProblems(headers: readonly string[], mapping: ColumnMapping): string[] {
  const known = new Set(headers.map((header) => header.trim()));
  const problems: string[] = [];
  const fieldsByColumn = new Map<string, ImportField[]>();
  for (const field of importFieldNames) {
    const header = mapping[field]?.trim();
    if (!header) continue;
    if (!known.has(header)) {
      problems.push(importMappingMessages.unknownHeader(field, header));
      continue;
    }
    fieldsByColumn.set(header, [...(fieldsByColumn.get(header) ?? []), field]);
  }
  for (const [header, fields] of fieldsByColumn) {
    const clashing = fields.filter((field) => !sharedColumnFields.has(field));
    if (fields.length > 1 && clashing.length > 0) {
      problems.push(importMappingMessages.sameColumn(header, fields));
    }
  }
  return problems;
}

/** How much of a file the browser sends for a preview: its head, or the whole file when smaller. */
export const csvPreviewBytes = 256 * 1024;
/** The data rows a preview shows (spec 000 §6: "a preview of the first 10 rows"). */
export const PREVIEW_ROWS = 10;

/** Where a preview's mapping came from. */
export const mappingSources = ['given', 'template', 'recognised', 'guessed'] as const;
export type MappingSource = (typeof mappingSources)[number];

/** What a row would become, in words, as the mapping step shows it. */
export const previewOrder = z.object({
  orderNumber: z.string(),
  /** The buyer's name as it would be stored, first and last name joined; empty when none. */
  buyerName: z.string(),
  email: z.string(),
  postcode: z.string(),
  /** The two-letter country code, or the text as given when it names no known country. */
  country: z.string(),
  /** Empty when the file gives none: a new order is stored as pending. */
  status: z.string(),
  /** The order date read by the file's date order, `YYYY-MM-DD`; empty when none or unreadable. */
  orderDate: z.string(),
  /** The lines as "2 × Mug, 1 × Poster"; empty when the file lists none. */
  items: z.string(),
  /** The amount as read (decimal point), empty when none. */
  orderTotal: z.string(),
  currency: z.string(),
});
export type PreviewOrder = z.infer<typeof previewOrder>;

/** A mapping that names every field, with its column or null. */
const fullMapping = z.object(
  Object.fromEntries(importFieldNames.map((field) => [field, z.string().nullable()])) as Record<
    ImportField,
    z.ZodNullable<z.ZodString>
  >,
);

export const importTemplateSummary = z.object({ templateId: z.string(), name: z.string() });

/**
 * The head of a file read as the import would read it (issue 39): how it was read, which column
 * fills each field and where that mapping came from, what is still missing, and up to
 * `PREVIEW_ROWS` data rows with what each would become and the import's own row messages.
 */
export const importPreview = z.object({
  /** The same sentences the import's answer gives as `assumptions`: how the file was read. */
  reading: z.array(z.string()),
  /** A recognised store export's name ("Shopify orders export"), null for a layout of its own. */
  platform: z.string().nullable(),
  headers: z.array(z.string()),
  /**
   * Every field, with its column or null: the given mapping, else the saved template's, else the
   * recognised export's, else the guesses by column name.
   */
  mapping: fullMapping,
  mappingSource: z.enum(mappingSources),
  /** The seller's saved template for this layout, used or not. */
  template: importTemplateSummary.nullable(),
  /** For each unmet requirement, its first field (`missingImportFields`); empty: ready to import. */
  missingFields: z.array(importField),
  /** Headers no field reads. */
  ignoredColumns: z.array(z.string()),
  rows: z.array(
    z.object({
      /** The row's line in the file, as the import's warnings and errors number it. */
      line: z.number(),
      cells: z.array(z.string()),
      /**
       * Null when the import would refuse the row (see `errors`), and on the further rows of an
       * order an export writes a row per item (the order shows on its first row). Rows are read
       * by the mapping shown even while a required field is missing.
       */
      order: previewOrder.nullable(),
      /** The import's own messages for the row: why it fails, or what it would not store. */
      errors: z.array(z.string()),
    }),
  ),
});
export type ImportPreview = z.infer<typeof importPreview>;

/** A saved mapping for one layout of file (its headers, normalised, in order), per seller. */
export const importTemplate = z.object({
  templateId: z.string(),
  name: z.string(),
  headers: z.array(z.string()),
  mapping: columnMapping,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ImportTemplate = z.infer<typeof importTemplate>;

export const importTemplatesResponse = z.object({ templates: z.array(importTemplate) });

export const saveImportTemplateRequest = z
  .object({
    name: textField().min(1, 'Give the template a name').max(80),
    headers: z.array(headerText).min(1).max(500),
    mapping: columnMapping,
  })
  .superRefine(({ headers, mapping }, ctx) => {
    for (const message of mappingProblems(headers, mapping)) {
      ctx.addIssue({ code: 'custom', message, path: ['mapping'] });
    }
  });
export type SaveImportTemplateRequest = z.infer<typeof saveImportTemplateRequest>;

export const importTemplateParams = z.object({ templateId: z.string().min(1) });
