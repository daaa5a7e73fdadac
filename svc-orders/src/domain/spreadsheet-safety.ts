/**
 * Characters that make a spreadsheet program read a cell as a formula (or, for tab and carriage
 * return, that some programs strip before doing so). A buyer controls fields such as their name,
 * address and the items text, so an exported order must not be able to run `=HYPERLINK(...)` or a
 * DDE payload on the seller's machine (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Neutralises a text cell for csv and xlsx: a value that begins with =, +, -, @, tab or carriage
 * return gets a leading single quote, so it is shown as text ('=1+1 → '=1+1). Everything else is
 * unchanged. The quote stays visible in the file: that is the price of never executing it.
 */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
