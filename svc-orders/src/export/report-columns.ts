import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { ReportRow } from '@onvelope/contracts';

/** A column holding text (or an ISO date, with `date`). */
interface TextColumn {
  header: string;
  key: Exclude<keyof ReportRow, 'id' | 'itemTotal'>;
  /** Excel column width, in characters. */
  width: number;
  date?: true;
  amount?: never;
}

/** The column of an amount: a number, in the currency of the row's Currency column. */
interface AmountColumn {
  header: string;
  key: 'itemTotal';
  width: number;
  date?: never;
  amount: true;
}

export type ReportColumn = TextColumn | AmountColumn;

/**
 * The columns of an exported report (spec 000 §2 panel), in the table's order. The internal id is
 * left out: the order number is what a seller knows an order by.
 */
export const reportColumns: ReportColumn[] = [
  { header: 'Order number', key: 'orderNumber', width: 14 },
  { header: 'First name', key: 'customerFirstName', width: 14 },
  { header: 'Last name', key: 'customerLastName', width: 16 },
  { header: 'Email', key: 'customerEmail', width: 28 },
  { header: 'Status', key: 'status', width: 16 },
  { header: 'Items', key: 'items', width: 40 },
  // Issue 38 item 4: an amount is read with its currency, so the two stand side by side.
  { header: 'Item total', key: 'itemTotal', width: 12, amount: true },
  { header: 'Currency', key: 'currency', width: 10 },
  { header: 'Shipping country', key: 'shippingCountry', width: 22 },
  { header: 'Courier', key: 'courier', width: 14 },
  { header: 'Tracking number', key: 'trackingNumber', width: 22 },
  { header: 'Order date (UTC)', key: 'orderDate', width: 18, date: true },
  { header: 'Shipped date (UTC)', key: 'shippedAt', width: 18, date: true },
  { header: 'Address 1', key: 'shippingAddress1', width: 28 },
  { header: 'Address 2', key: 'shippingAddress2', width: 20 },
  { header: 'City', key: 'shippingCity', width: 16 },
  { header: 'State', key: 'shippingState', width: 14 },
  { header: 'Zip', key: 'shippingZip', width: 10 },
];

/** What a writer knows about the report besides its rows. */
export interface ReportInfo {
  /** The filters and sort in words, for the pdf title. */
  description: string;
  generatedAt: Date;
  /** How many rows will come (counted before reading; only the pdf writer needs it). */
  total: number;
}

/**
 * Waits until `out` has room again (or is gone), so a writer that produces faster than the client
 * reads holds at most one buffer of output.
 */
export async function roomIn(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return;
  const settled = new AbortController();
  const { signal } = settled;
  try {
    await Promise.race([once(out, 'drain', { signal }), once(out, 'close', { signal })]);
  } catch {
    // An error on `out` ends the export too: the caller sees `out.destroyed`.
  } finally {
    settled.abort();
  }
}
