import {
  importFieldNames,
  importRequirements,
  mappingProblems,
  missingImportFields,
  type ColumnMapping,
  type ImportField,
  type ImportPreview,
} from '@onvelope/contracts';

/** Every field with its column (the header text exactly as in the file), or null for none. */
export type FieldColumns = Record<ImportField, string | null>;

/** The mapping step's choices: a column for every field, and whether to keep them as a template. */
export interface MappingChoices {
  headers: readonly string[];
  columns: FieldColumns;
  saveTemplate: boolean;
  templateName: string;
}

/** A mapping with every field present (a field it leaves out has no column). */
export function fieldColumns(mapping: ColumnMapping): FieldColumns {
  return Object.fromEntries(
    importFieldNames.map((field) => [field, mapping[field] ?? null]),
  ) as FieldColumns;
}

/** The choices after the seller picks `header` (null: "not in this file") for `field`. */
export function chooseColumn(
  columns: FieldColumns,
  field: ImportField,
  header: string | null,
): FieldColumns {
  return { ...columns, [field]: header };
}

const mappedFields = (columns: FieldColumns) =>
  importFieldNames.filter((field) => columns[field] !== null);

/** The fields that read `header`, in the order the step lists them. */
export function fieldsReading(columns: FieldColumns, header: string): ImportField[] {
  return importFieldNames.filter((field) => columns[field] === header);
}

/** The file's columns no field reads, in the file's order. */
export function unusedColumns(headers: readonly string[], columns: FieldColumns): string[] {
  const used = new Set(mappedFields(columns).map((field) => columns[field]));
  return headers.filter((header) => !used.has(header));
}

/** The words beside a required field, so the seller knows which one of several is enough. */
export function requirementHint(field: ImportField): string | null {
  const requirement = importRequirements.find(({ fields }) =>
    (fields as readonly ImportField[]).includes(field),
  );
  if (!requirement) return null;
  // The one requirement of several fields is the buyer's (the contract's `importRequirements`).
  return requirement.fields.length === 1 ? 'required' : 'one buyer field required';
}

export const templateNameMissing = 'Give the template a name';

/**
 * Why Import is disabled, one plain sentence each (empty: the file can be imported as chosen):
 * a requirement with no column, a column the file lacks or chosen for two fields (the contract's
 * `mappingProblems`, the service's own words), a template to save without a name.
 */
export function importBlockers(choices: MappingChoices): string[] {
  const missing = new Set(missingImportFields(mappedFields(choices.columns)));
  const unmet = importRequirements
    .filter(({ fields }) => missing.has(fields[0]))
    .map(({ label }) => `Choose the column with ${label}.`);
  const named = choices.saveTemplate && choices.templateName.trim() === '';
  return [
    ...unmet,
    ...mappingProblems(choices.headers, choices.columns),
    ...(named ? [templateNameMissing] : []),
  ];
}

/** The mapping the import and the template are sent: the fields with a column. */
export function chosenMapping(columns: FieldColumns): ColumnMapping {
  return Object.fromEntries(mappedFields(columns).map((field) => [field, columns[field]]));
}

const templateNameLength = 80;

/** A template's first name: the file's, without its extension ("march-orders.csv" → "march-orders"). */
export function templateNameFor(fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, '').trim();
  return (base || 'My column template').slice(0, templateNameLength);
}

/** Spelled as the field's own name, as the downloadable template writes it ('orderNumber'). */
const isFieldsOwnName = (header: string, field: ImportField) =>
  header.toLowerCase().replace(/[^a-z0-9]/g, '') === field.toLowerCase();

/**
 * Whether the seller should match the columns before importing: something required is missing,
 * or the columns were only guessed from names that are not the template's own (a layout of the
 * seller's, read for the first time). A recognised export, a saved template and the template's own
 * columns go straight to Import.
 */
export function needsMatching(preview: ImportPreview): boolean {
  if (preview.missingFields.length > 0) return true;
  if (preview.mappingSource !== 'guessed') return false;
  return importFieldNames.some((field) => {
    const header = preview.mapping[field];
    return header != null && !isFieldsOwnName(header, field);
  });
}

/** The line above the preview that says how the columns are read, with "Change column mapping". */
export function readingSummary(preview: ImportPreview): string {
  if (preview.mappingSource === 'template' && preview.template) {
    return `Using your saved template “${preview.template.name}”`;
  }
  if (preview.mappingSource === 'recognised' && preview.platform) {
    return `Read as a ${preview.platform}`;
  }
  if (preview.mappingSource === 'given') return 'Read with the columns you matched';
  return 'Read by its column names';
}

const rowCount = (count: number) => `${count} ${count === 1 ? 'row' : 'rows'}`;

/**
 * What a screen reader hears when the rows are read again with new choices: how many become
 * orders and how many have problems, not the whole table again.
 *
 * @example matchedRowsSummary(rows) // '3 of 4 rows become orders; 1 row has problems'
 */
export function matchedRowsSummary(rows: ImportPreview['rows']): string {
  const orders = rows.filter((row) => row.order !== null).length;
  const failing = rows.filter((row) => row.errors.length > 0).length;
  const problems = failing
    ? `; ${rowCount(failing)} ${failing === 1 ? 'has' : 'have'} problems`
    : '';
  return `${orders} of ${rowCount(rows.length)} become orders${problems}`;
}
