/**
 * The files the upload takes (spec 000 §5: text/csv or a .csv name; issue 39: sellers' exports are
 * also the tab-separated .txt of Amazon's reports, the .tsv or "Text (Tab delimited)" of
 * spreadsheets, and Excel workbooks: .xlsx and the .xls of Excel 97-2003). What a file holds is then
 * read from its content (`workbookKindOfHead`, encoding, separator, header), not from its name.
 * svc-orders refuses anything else, and the uploader says so before sending.
 */
const workbookType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// Windows names a .csv 'application/vnd.ms-excel' too where Excel is installed: the type says an
// order file, never which kind.
const legacyExcelType = 'application/vnd.ms-excel';
const orderFileTypes = new Set([
  'text/csv',
  'text/tab-separated-values',
  'text/plain',
  'application/csv',
  workbookType,
  legacyExcelType,
]);
const orderFileExtensions = ['csv', 'tsv', 'tab', 'txt', 'xlsx', 'xls'] as const;
const orderFileName = new RegExp(`\\.(${orderFileExtensions.join('|')})$`, 'i');

/** Whether an upload is a table the import reads, by its media type or its name. */
export const isOrderFile = (type: string, name: string | undefined): boolean =>
  orderFileTypes.has(type.toLowerCase()) || orderFileName.test(name ?? '');

/**
 * An Excel workbook (its first sheet is read), as opposed to text, by its media type or its name;
 * its first bytes say it surely (`workbookKindOfHead`).
 */
export const isWorkbookFile = (type: string, name: string | undefined): boolean =>
  type.toLowerCase() === workbookType || /\.xlsx?$/i.test(name ?? '');

/** The file input's `accept`: the names and types above. */
export const orderFileAccept = [
  ...orderFileExtensions.map((extension) => `.${extension}`),
  ...orderFileTypes,
].join(',');
