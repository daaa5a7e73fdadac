import type { UploadResult } from '@onvelope/contracts';

/** A list of this many lines or fewer is shown open: the seller reads it without a click. */
export const OPEN_LIST_MAX = 10;

/** One list of the result modal: its heading and whether it starts open. */
export interface NoteList {
  heading: string;
  open: boolean;
}

/** What the result modal says beside the counts (issue 38): assumptions, warnings, refusals. */
export interface UploadNotes {
  /** How the file was read; empty for the template's own columns and for store exports. */
  assumptions: string[];
  warnings: NoteList | null;
  errors: NoteList | null;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Row 0 is the report's own line ('N more warnings not listed'), not a row of the file. */
const ofRows = <T extends { row: number }>(entries: readonly T[]) =>
  entries.filter(({ row }) => row > 0);
const rowsOf = (entries: readonly { row: number }[]) =>
  new Set(ofRows(entries).map(({ row }) => row)).size;

/**
 * The notes of an upload's answer as the modal shows them: the assumptions always in view, and the
 * warnings and refused rows under headings that say how many rows they concern, open when short.
 */
export function uploadNotes(result: UploadResult): UploadNotes {
  const { warnings, errors } = result;
  return {
    assumptions: result.assumptions ?? [],
    warnings: warnings.length
      ? {
          heading: `Warnings: ${plural(ofRows(warnings).length, 'warning')} on ${plural(rowsOf(warnings), 'row')} (imported)`,
          open: warnings.length <= OPEN_LIST_MAX,
        }
      : null,
    errors: errors.length
      ? {
          heading: `Errors: ${plural(rowsOf(errors), 'row')} not imported`,
          open: errors.length <= OPEN_LIST_MAX,
        }
      : null,
  };
}
