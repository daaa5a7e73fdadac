// How a file's header row is compared: column names by their key, and a layout by its signature.

/** Lower case, without spaces, underscores, dashes, dots, slashes, '#' or brackets. */
export const headerKey = (header: string) => header.toLowerCase().replace(/[\s_\-.#()/]+/g, '');

/**
 * A layout of file, by its header row: the headers by `headerKey`, in order, blank ones at the end
 * left out (a spreadsheet's trailing separators). A saved mapping is found by it (issue 39).
 */
export function layoutSignature(headers: readonly string[]): string {
  const keys = headers.map(headerKey);
  while (keys.length && !keys.at(-1)) keys.pop();
  return JSON.stringify(keys);
}
