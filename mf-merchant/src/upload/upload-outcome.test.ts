import { describe, expect, it } from 'vitest';
import type { UploadResult } from '@onvelope/contracts';
import { uploadOutcome } from './upload-outcome.js';

function result(counts: Partial<UploadResult>): UploadResult {
  return {
    success: true,
    totalRows: 0,
    successfulRows: 0,
    skippedRows: 0,
    failedRows: 0,
    message: 'Processed.',
    warnings: [],
    errors: [],
    ...counts,
  };
}

describe('what an upload did', () => {
  it('says Upload complete when every row was imported or skipped', () => {
    expect(uploadOutcome(result({ totalRows: 3, successfulRows: 2, skippedRows: 1 }))).toEqual({
      tone: 'success',
      title: 'Upload complete',
      banner: 'Upload complete. Processed.',
    });
  });

  it('says nothing was imported when every row failed', () => {
    const outcome = uploadOutcome(result({ success: false, totalRows: 2, failedRows: 2 }));
    expect(outcome.tone).toBe('error');
    expect(outcome.banner).toBe('Nothing was imported: all 2 rows failed. Processed.');
  });

  it('says nothing was imported when the rows failed or were skipped', () => {
    const outcome = uploadOutcome(result({ totalRows: 3, failedRows: 1, skippedRows: 2 }));
    expect(outcome.tone).toBe('error');
    expect(outcome.banner).toMatch(/^Nothing was imported: 1 row failed, 2 rows skipped\./);
  });

  it('warns when some rows failed', () => {
    const outcome = uploadOutcome(result({ totalRows: 10, successfulRows: 9, failedRows: 1 }));
    expect(outcome.tone).toBe('warning');
    expect(outcome.banner).toMatch(/^Upload finished with problems: 1 row of 10 failed\./);
  });

  it('warns when the file had no rows', () => {
    expect(uploadOutcome(result({})).tone).toBe('warning');
  });
});
