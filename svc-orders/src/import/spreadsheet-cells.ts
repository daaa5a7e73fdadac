// A number a spreadsheet was told to keep as text ('03038, '+44 7700 900123): the apostrophe is
// Excel's and Google Sheets' text marker, written into the file by Shopify's export itself.
const MARKED_NUMBER = /^'\+?\d[\d\s-]*$/;

/** A cell without the apostrophe a spreadsheet puts before a number to keep it text. */
export const withoutTextMarker = (cell: string) =>
  cell.charCodeAt(0) === 39 && MARKED_NUMBER.test(cell.trim()) ? cell.trim().slice(1) : cell;

// Five-digit ZIP codes (and ZIP+4) whose leading zeros a spreadsheet dropped, reading them as numbers.
const SHORT_US_ZIP = /^(\d{3,4})(-\d{4})?$/;

/**
 * A United States ZIP code with the leading zeros a spreadsheet dropped put back ('3038' → '03038',
 * '501-1234' → '00501-1234'); any other postcode as it is.
 */
export function paddedUsZip(postcode: string): string {
  const short = SHORT_US_ZIP.exec(postcode);
  return short ? `${short[1]!.padStart(5, '0')}${short[2] ?? ''}` : postcode;
}
