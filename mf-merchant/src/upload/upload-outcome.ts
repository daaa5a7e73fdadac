import type { UploadResult } from '@onvelope/contracts';

export type UploadTone = 'success' | 'warning' | 'error';

export interface UploadOutcome {
  tone: UploadTone;
  /** The result modal's title and the banner's first words. */
  title: string;
  /** The banner: what happened, then the service's own message. */
  banner: string;
}

const rows = (count: number) => `${count} ${count === 1 ? 'row' : 'rows'}`;

/**
 * What an upload did, in words that match it (spec 000 §2 shows a success banner after an upload;
 * one that imported nothing is not a success): every row imported or skipped as a duplicate is
 * 'Upload complete.', some failures a warning, nothing imported an error.
 */
export function uploadOutcome(result: UploadResult): UploadOutcome {
  const { totalRows, successfulRows, skippedRows, failedRows, message } = result;
  if (totalRows === 0) {
    const title = 'No orders found';
    return { tone: 'warning', title, banner: `${title}: the file has no rows. ${message}` };
  }
  if (successfulRows === 0 && failedRows > 0) {
    const title = 'Nothing was imported';
    const what =
      failedRows === totalRows
        ? `all ${rows(failedRows)} failed`
        : `${rows(failedRows)} failed, ${rows(skippedRows)} skipped`;
    return { tone: 'error', title, banner: `${title}: ${what}. ${message}` };
  }
  if (failedRows > 0) {
    const title = 'Upload finished with problems';
    return {
      tone: 'warning',
      title,
      banner: `${title}: ${rows(failedRows)} of ${totalRows} failed. ${message}`,
    };
  }
  return { tone: 'success', title: 'Upload complete', banner: `Upload complete. ${message}` };
}
