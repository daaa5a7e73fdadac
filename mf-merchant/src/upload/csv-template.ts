import { CSV_TEMPLATE_FILENAME, csvTemplate } from '@onvelope/contracts';
import { saveFile } from '@onvelope/ui';

/** Saves the CSV template the import reads as it is (offered by the uploader and the empty dashboard). */
export function downloadCsvTemplate(): void {
  saveFile(new Blob([csvTemplate], { type: 'text/csv' }), CSV_TEMPLATE_FILENAME);
}
