// eBay's Sales History ends with '83 record(s) downloaded' and 'Seller ID : shop-name' lines.
const REPORT_FOOTER = /^\d+ record(?:s|\(s\))? downloaded$|^seller id\s*:/i;

/** A row that is a report's closing line, not an order: one filled cell saying so. */
export function isReportFooter(cells: readonly string[]): boolean {
  // Most rows are orders: their second cell already says so, without a look at the rest.
  let footer: string | null = null;
  for (const cell of cells) {
    if (!cell.trim()) continue;
    if (footer !== null) return false;
    footer = cell.trim();
  }
  return footer !== null && REPORT_FOOTER.test(footer);
}
