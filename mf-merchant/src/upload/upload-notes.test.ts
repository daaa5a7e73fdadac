import { describe, expect, it } from 'vitest';
import type { UploadResult } from '@onvelope/contracts';
import { OPEN_LIST_MAX, uploadNotes } from './upload-notes.js';

const result = (answer: Partial<UploadResult>): UploadResult => ({
  success: true,
  totalRows: 3,
  successfulRows: 3,
  skippedRows: 0,
  failedRows: 0,
  message: 'Processed 3 rows.',
  warnings: [],
  errors: [],
  ...answer,
});

describe("an upload's notes in the result modal", () => {
  it('shows the assumptions, and nothing else for a clean file', () => {
    const assumptions = ['Buyer Name → first and last name', 'No status column: pending'];
    expect(uploadNotes(result({ assumptions }))).toEqual({
      assumptions,
      warnings: null,
      errors: null,
    });
  });

  it('reads an answer without assumptions (a service of the earlier release) as none', () => {
    expect(uploadNotes(result({})).assumptions).toEqual([]);
  });

  it('counts warnings and the rows they are on, and opens a short list', () => {
    const notes = uploadNotes(
      result({
        warnings: [
          { row: 2, message: "Email 'x' is not an email address; it was not stored" },
          { row: 2, message: 'No email: the buyer cannot look this order up' },
          { row: 4, message: "Unknown status 'weird' was not stored" },
        ],
        errors: [{ row: 3, errors: ['The row has only an order number'] }],
      }),
    );
    expect(notes.warnings).toEqual({
      heading: 'Warnings: 3 warnings on 2 rows (imported)',
      open: true,
    });
    expect(notes.errors).toEqual({ heading: 'Errors: 1 row not imported', open: true });
  });

  it('keeps a long list closed, and does not count the "more not listed" line', () => {
    const warnings = Array.from({ length: OPEN_LIST_MAX }, (_, index) => ({
      row: index + 2,
      message: 'No postcode',
    }));
    const notes = uploadNotes(
      result({ warnings: [...warnings, { row: 0, message: '5 more warnings not listed' }] }),
    );
    expect(notes.warnings).toEqual({
      heading: `Warnings: ${OPEN_LIST_MAX} warnings on ${OPEN_LIST_MAX} rows (imported)`,
      open: false,
    });
  });
});
