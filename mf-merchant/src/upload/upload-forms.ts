import { csvPreviewBytes, isWorkbookFile, type ColumnMapping } from '@onvelope/contracts';

/**
 * The multipart body of an import or a preview: the seller's column mapping (when they matched the
 * columns) before the file, since the service reads the fields in order and the file as it arrives.
 */
function mappedFileForm(file: Blob, fileName: string, mapping: ColumnMapping | null): FormData {
  const form = new FormData();
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  form.append('csvFile', file, fileName);
  return form;
}

/** The import's body: the whole file, after the mapping. */
export function importForm(file: File, mapping: ColumnMapping | null): FormData {
  return mappedFileForm(file, file.name, mapping);
}

/**
 * The preview's body: the head of a text file (`csvPreviewBytes`), so a 100 MB export never lands
 * in the page's memory; a workbook whole, as its sheet can only be read from the complete file.
 */
export function previewForm(file: File, mapping: ColumnMapping | null): FormData {
  const head = isWorkbookFile(file.type, file.name) ? file : file.slice(0, csvPreviewBytes);
  return mappedFileForm(head, file.name, mapping);
}
