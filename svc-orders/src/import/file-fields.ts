import type { OrderLineItem } from '@onvelope/contracts';

/** The tracking entry fields a CSV file can fill. */
export const csvFields = [
  'orderNumber',
  'firstName',
  'lastName',
  'customerName',
  'email',
  'postcode',
  'status',
  'courier',
  'trackingNumber',
  'trackingUrl',
  'personalNote',
  'orderDate',
  'shippedAt',
  'shippingAddress1',
  'shippingAddress2',
  'shippingCity',
  'shippingState',
  'shippingCountry',
  'shippingZip',
  'items',
  'productName',
  'productId',
  'productImageUrl',
  'quantity',
  'itemPrice',
  'itemTotal',
  'orderTotal',
  'currency',
  'lineItems',
  'quantityShipped',
  'quantityUnshipped',
  'categoryNames',
] as const;
export type CsvField = (typeof csvFields)[number];

/** A column of one line of an order, in exports that write a row per line item. */
export type LineField = 'lineName' | 'lineQuantity' | 'linePrice' | 'lineSku' | 'lineOption';

/** What a store's export says that the canonical columns do not. */
export type StoreField =
  | 'fullName'
  | 'financialStatus'
  | 'fulfillmentStatus'
  | 'shippingStatus'
  | 'cancelledAt'
  | 'itemRecords';

export type ExportField = CsvField | LineField | StoreField;

/** The cells of one order (or one of its line rows) by field, as the file writes them. */
export type ExportValues = Partial<Record<ExportField, string>>;

/**
 * A store's orders export, recognised by its header: which column is which, whether each row is
 * one line item of an order (the rows of one order follow each other), and how the store's
 * statuses read as ours.
 */
export interface StoreExport {
  /** Said in the import's result: "Read as a Shopify orders export". */
  name: string;
  /** Header keys (see `headerKey`) that, all present, identify the export. */
  signature: readonly string[];
  columns: Readonly<Record<string, ExportField>>;
  lineRows: boolean;
  /** Whether a line row's price is that of its whole quantity (Amazon, Temu), not of one. */
  linePriceIsTotal?: boolean;
  /** The lines of an order's one items cell (`itemRecords`); Big Cartel's records by default. */
  itemRecordsOf?(items: string): OrderLineItem[];
  statusOf(values: ExportValues): string | null;
}
