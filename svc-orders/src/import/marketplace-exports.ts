import { isCancelledStatus, isPartialStatus, lower } from './export-statuses.js';
import { linesOfWooCommerceItems } from '../domain/line-items.js';
import { currencyOfAmount } from './amount-currency.js';
import type { ExportRowRule, StoreExportWithRule } from './export-row-rules.js';
import type { ExportValues, StoreExport } from './file-fields.js';

/*
 * The exports of the marketplaces and platforms sellers move from (issue 39), each read as the
 * platform writes it. Column names are compared by `headerKey` (lower case, no spaces, dashes,
 * underscores, dots, slashes or brackets). Samples and the documentation they follow are listed in
 * test/fixtures/exports/SOURCES.md.
 */

/** Why an order's currency was left empty though its amounts have a symbol. */
export const ambiguousCurrency = (amount: string, symbol: string) =>
  `Amount '${amount}' does not say which currency its '${symbol}' is, and no shipping country decides it; currency left empty`;

/**
 * eBay and Temu write no currency column: an order's currency is the one its amounts' symbol names
 * ('£12.50', 'US $12.50', '30,00€'; a bare '$' by the order's shipping country), else it is left
 * empty and the row says why.
 */
const currencyFromAmounts: ExportRowRule = (row, { values, lines }) => {
  const { entry } = row;
  const amount = [values.orderTotal, values.itemTotal, ...lines.map((line) => line.linePrice)]
    .map((cell) => cell?.trim())
    .find(Boolean);
  if (entry.currency || !amount) return row;
  const read = currencyOfAmount(amount, entry.shippingCountry);
  if (read.currency) {
    const filledWithoutColumn = [...(entry.filledWithoutColumn ?? []), 'currency' as const];
    return { ...row, entry: { ...entry, currency: read.currency, filledWithoutColumn } };
  }
  if ('ambiguous' in read) {
    return { ...row, warnings: [...row.warnings, ambiguousCurrency(amount, read.ambiguous)] };
  }
  return row;
};

/** Shipped when the export gives a shipping date, else pending: for exports without a status. */
const shippedByDate = (values: ExportValues) => (lower(values.shippedAt) ? 'shipped' : 'pending');

/**
 * WooCommerce Customer/Order CSV Export (SkyVerge), default format: one row per order, its items
 * in one `line_items` cell. processing (paid, not yet sent), on-hold and pending are pending;
 * completed is shipped.
 */
const wooCommerceOrderExport: StoreExport = {
  name: 'WooCommerce Customer/Order CSV Export',
  signature: ['ordernumber', 'status', 'billingemail', 'lineitems'],
  columns: {
    ordernumber: 'orderNumber',
    orderdate: 'orderDate',
    status: 'fulfillmentStatus',
    ordertotal: 'orderTotal',
    ordercurrency: 'currency',
    shippingfullname: 'fullName',
    billingfullname: 'fullName',
    shippingfirstname: 'firstName',
    shippinglastname: 'lastName',
    billingemail: 'email',
    shippingaddress1: 'shippingAddress1',
    shippingaddress2: 'shippingAddress2',
    shippingcity: 'shippingCity',
    shippingstatecode: 'shippingState',
    shippingpostcode: 'postcode',
    shippingcountry: 'shippingCountry',
    customernote: 'personalNote',
    lineitems: 'itemRecords',
  },
  lineRows: false,
  itemRecordsOf: linesOfWooCommerceItems,
  statusOf: (values) => {
    const status = lower(values.fulfillmentStatus).replace(/^wc-/, '');
    if (isCancelledStatus(status)) return 'cancelled';
    return status === 'completed' ? 'shipped' : 'pending';
  },
};

/**
 * Amazon Seller Central's order report (Orders › Order Reports: new and unshipped orders), a
 * tab-separated .txt with a row per order item. It lists orders still to send: pending. Its
 * `item-price` is the price of the row's whole quantity.
 */
const amazonOrderReport: StoreExport = {
  name: 'Amazon Seller Central order report',
  signature: ['orderid', 'orderitemid', 'purchasedate', 'quantitypurchased'],
  columns: {
    orderid: 'orderNumber',
    purchasedate: 'orderDate',
    buyeremail: 'email',
    buyername: 'fullName',
    recipientname: 'fullName',
    sku: 'lineSku',
    productname: 'lineName',
    quantitypurchased: 'lineQuantity',
    currency: 'currency',
    itemprice: 'linePrice',
    shipaddress1: 'shippingAddress1',
    shipaddress2: 'shippingAddress2',
    shipcity: 'shippingCity',
    shipstate: 'shippingState',
    shippostalcode: 'postcode',
    shipcountry: 'shippingCountry',
  },
  lineRows: true,
  linePriceIsTotal: true,
  statusOf: () => 'pending',
};

/**
 * Amazon's "All Orders" report (Reports › Fulfillment, or the flat file of every order): statuses
 * and items but no buyer, so it brings orders already stored up to date; a new order from it is
 * refused for naming no buyer. Pending and Unshipped (paid, not sent) are pending.
 */
const amazonAllOrdersReport: StoreExport = {
  name: 'Amazon Seller Central all orders report',
  signature: ['amazonorderid', 'merchantorderid', 'purchasedate', 'orderstatus'],
  columns: {
    amazonorderid: 'orderNumber',
    purchasedate: 'orderDate',
    orderstatus: 'fulfillmentStatus',
    productname: 'lineName',
    sku: 'lineSku',
    quantity: 'lineQuantity',
    currency: 'currency',
    itemprice: 'linePrice',
    shipcity: 'shippingCity',
    shipstate: 'shippingState',
    shippostalcode: 'postcode',
    shipcountry: 'shippingCountry',
  },
  lineRows: true,
  linePriceIsTotal: true,
  statusOf: (values) => {
    const status = lower(values.fulfillmentStatus);
    if (isCancelledStatus(status)) return 'cancelled';
    if (status === 'shipped') return 'shipped';
    if (status === 'partiallyshipped' || isPartialStatus(status)) return 'partially_shipped';
    return 'pending';
  },
};

/** eBay names the shipping address 'Ship To …' in the US and 'Post to …' in the UK. */
const ebayShippingColumns = {
  shiptoname: 'fullName',
  posttoname: 'fullName',
  shiptoaddress1: 'shippingAddress1',
  posttoaddress1: 'shippingAddress1',
  shiptoaddress2: 'shippingAddress2',
  posttoaddress2: 'shippingAddress2',
  shiptocity: 'shippingCity',
  posttocity: 'shippingCity',
  shiptostate: 'shippingState',
  posttocounty: 'shippingState',
  shiptozip: 'postcode',
  posttopostcode: 'postcode',
  shiptocountry: 'shippingCountry',
  posttocountry: 'shippingCountry',
} as const;

/**
 * eBay Seller Hub orders report (Orders › Download report): a row per item, an order of several
 * items first as a row of its own. No status column: shipped once it has a shipped (UK:
 * dispatched) date, else pending (eBay lists paid orders). No currency column either: the amounts'
 * symbol says it ('£', 'US $', 'AU $', 'C $'; '$' on the US site).
 */
const ebayOrdersReport: StoreExportWithRule = {
  name: 'eBay orders report',
  signature: ['salesrecordnumber', 'ordernumber', 'buyerusername', 'itemtitle'],
  columns: {
    ordernumber: 'orderNumber',
    buyeremail: 'email',
    buyername: 'fullName',
    ...ebayShippingColumns,
    itemtitle: 'lineName',
    customlabel: 'lineSku',
    variationdetails: 'lineOption',
    quantity: 'lineQuantity',
    soldfor: 'linePrice',
    totalprice: 'orderTotal',
    saledate: 'orderDate',
    shippedondate: 'shippedAt',
    dispatchedondate: 'shippedAt',
    trackingnumber: 'trackingNumber',
    buyernote: 'personalNote',
  },
  lineRows: true,
  statusOf: shippedByDate,
  readRow: currencyFromAmounts,
};

/**
 * eBay Sales History (the File Exchange download Selling Manager made): a line of commas before
 * the header, a row per item keyed by the Sales Record Number, and two closing lines ('83
 * record(s) downloaded', 'Seller ID: …') that are not orders. Its amounts' symbol is the currency,
 * as in the orders report.
 */
const ebaySalesHistory: StoreExportWithRule = {
  name: 'eBay Sales History',
  signature: ['salesrecordnumber', 'userid', 'buyerfullname', 'itemtitle'],
  columns: {
    salesrecordnumber: 'orderNumber',
    buyerfullname: 'fullName',
    buyeremail: 'email',
    buyeraddress1: 'shippingAddress1',
    buyeraddress2: 'shippingAddress2',
    buyercity: 'shippingCity',
    buyerstate: 'shippingState',
    buyerzip: 'postcode',
    buyercountry: 'shippingCountry',
    itemtitle: 'lineName',
    customlabel: 'lineSku',
    variationdetails: 'lineOption',
    quantity: 'lineQuantity',
    saleprice: 'linePrice',
    totalprice: 'orderTotal',
    saledate: 'orderDate',
    shippedondate: 'shippedAt',
    trackingnumber: 'trackingNumber',
  },
  lineRows: true,
  statusOf: shippedByDate,
  readRow: currencyFromAmounts,
};

/**
 * ShipStation's orders export ('Order - Number', 'Ship To - Postal Code', …; a row per item).
 * Awaiting payment, awaiting shipment and on hold are pending; shipped, or a shipped date, is
 * shipped.
 */
const shipStationOrders: StoreExport = {
  name: 'ShipStation orders export',
  signature: ['ordernumber', 'shiptopostalcode', 'shiptocountry'],
  columns: {
    ordernumber: 'orderNumber',
    orderstatus: 'fulfillmentStatus',
    dateorderdate: 'orderDate',
    dateshippeddate: 'shippedAt',
    customeremail: 'email',
    shiptoname: 'fullName',
    shiptoaddress1: 'shippingAddress1',
    shiptoaddress2: 'shippingAddress2',
    shiptocity: 'shippingCity',
    shiptostate: 'shippingState',
    shiptopostalcode: 'postcode',
    shiptocountry: 'shippingCountry',
    itemname: 'lineName',
    itemsku: 'lineSku',
    itemoptions: 'lineOption',
    itemqty: 'lineQuantity',
    itemunitprice: 'linePrice',
    amountordertotal: 'orderTotal',
    shipmenttrackingnumber: 'trackingNumber',
    trackingnumber: 'trackingNumber',
    carriername: 'courier',
    carrierserviceselected: 'courier',
    notesfromcustomer: 'personalNote',
  },
  lineRows: true,
  statusOf: (values) => {
    const status = lower(values.fulfillmentStatus);
    if (isCancelledStatus(status)) return 'cancelled';
    if (status === 'shipped' || lower(values.shippedAt)) return 'shipped';
    return 'pending';
  },
};

/**
 * Temu's statuses by meaning, German or English: cancelled (storniert) is cancelled, delivered
 * (zugestellt) delivered, shipped (versandt) shipped, anything to send (zu versenden, ausstehend,
 * unshipped) pending.
 */
function temuStatus(values: ExportValues): string {
  const status = lower(values.fulfillmentStatus);
  if (isCancelledStatus(status)) return 'cancelled';
  if (/zugestellt|delivered/.test(status)) return 'delivered';
  if (isPartialStatus(status)) return 'partially_shipped';
  if (/^(versandt|versendet|shipped)$/.test(status)) return 'shipped';
  return 'pending';
}

/**
 * Temu's seller-centre order export in German (Bestell-ID, Bestellstatus, Kaufdatum
 * '15. Jan. 2025, 10:32 Uhr CET(UTC+1)'), a row per item; 'Gesamteinzelhandelspreis' is the
 * price of the row's quantity, '30,00€' with its currency's symbol.
 */
const temuOrdersGerman: StoreExportWithRule = {
  name: 'Temu orders export',
  signature: ['bestellid', 'bestellstatus', 'gekauftemenge'],
  columns: {
    bestellid: 'orderNumber',
    bestellstatus: 'fulfillmentStatus',
    kaufdatum: 'orderDate',
    namedesempfängers: 'fullName',
    vornamedesempfängers: 'firstName',
    nachnamedesempfängers: 'lastName',
    virtuelleemail: 'email',
    versandadresse1: 'shippingAddress1',
    versandadresse2: 'shippingAddress2',
    versandort: 'shippingCity',
    versandbundesland: 'shippingState',
    versandpostleitzahl: 'postcode',
    versandpostleitzahlmussandiefolgendepostleitzahlgesendetwerden: 'postcode',
    versandland: 'shippingCountry',
    produktname: 'lineName',
    beitragssku: 'lineSku',
    variation: 'lineOption',
    gekauftemenge: 'lineQuantity',
    gesamteinzelhandelspreis: 'linePrice',
  },
  lineRows: true,
  linePriceIsTotal: true,
  statusOf: temuStatus,
  readRow: currencyFromAmounts,
};

/**
 * Temu's seller-centre order export in English ('order id', 'order status', 'contribution sku',
 * 'quantity purchased', 'purchase date' as 'Jan 15, 2025, 10:32 am PST(UTC-8)'), a row per item;
 * the retail price total is the price of the row's quantity, its symbol the currency ('$' by the
 * shipping country).
 */
const temuOrdersEnglish: StoreExportWithRule = {
  name: 'Temu orders export',
  signature: ['orderid', 'orderitemid', 'contributionsku', 'quantitypurchased'],
  columns: {
    orderid: 'orderNumber',
    orderstatus: 'fulfillmentStatus',
    purchasedate: 'orderDate',
    recipientname: 'fullName',
    recipientfirstname: 'firstName',
    recipientlastname: 'lastName',
    virtualemail: 'email',
    shipaddress1: 'shippingAddress1',
    shipaddress2: 'shippingAddress2',
    shipcity: 'shippingCity',
    shipstate: 'shippingState',
    shippostalcode: 'postcode',
    shippostalcodemustbeshippedtothefollowingzipcode: 'postcode',
    shipcountry: 'shippingCountry',
    productname: 'lineName',
    contributionsku: 'lineSku',
    variation: 'lineOption',
    quantitypurchased: 'lineQuantity',
    retailpricetotal: 'linePrice',
    retailpricetotalafterdiscountstaxexcl: 'linePrice',
    carrier: 'courier',
    trackingnumber: 'trackingNumber',
  },
  lineRows: true,
  linePriceIsTotal: true,
  statusOf: temuStatus,
  readRow: currencyFromAmounts,
};

/**
 * Wix Stores' orders export: a row per item. Fulfilled is shipped, partially fulfilled partially
 * shipped; a cancelled order, or one refunded in full, is cancelled; paid and not fulfilled is
 * pending.
 */
const wixOrders: StoreExport = {
  name: 'Wix orders export',
  signature: ['ordernumber', 'datecreated', 'contactemail', 'fulfillmentstatus'],
  columns: {
    ordernumber: 'orderNumber',
    datecreated: 'orderDate',
    contactemail: 'email',
    notefromcustomer: 'personalNote',
    item: 'lineName',
    variant: 'lineOption',
    sku: 'lineSku',
    qty: 'lineQuantity',
    price: 'linePrice',
    recipientname: 'fullName',
    billingname: 'fullName',
    deliverycountry: 'shippingCountry',
    deliverystate: 'shippingState',
    deliverycity: 'shippingCity',
    deliveryaddress: 'shippingAddress1',
    deliveryzippostalcode: 'postcode',
    total: 'orderTotal',
    currency: 'currency',
    paymentstatus: 'financialStatus',
    fulfillmentstatus: 'fulfillmentStatus',
    trackingnumber: 'trackingNumber',
    fulfillmentservice: 'courier',
  },
  lineRows: true,
  statusOf: (values) => {
    const fulfilment = lower(values.fulfillmentStatus);
    const payment = lower(values.financialStatus);
    if (isCancelledStatus(fulfilment) || isCancelledStatus(payment)) return 'cancelled';
    if (isPartialStatus(fulfilment)) return 'partially_shipped';
    if (fulfilment === 'fulfilled') return 'shipped';
    return 'pending';
  },
};

/**
 * Ecwid's orders export (snake_case, a row per item). AWAITING_PROCESSING, PROCESSING and
 * READY_FOR_PICKUP are pending; SHIPPED shipped, DELIVERED delivered; a cancelled order or one
 * refunded in full is cancelled.
 */
const ecwidOrders: StoreExport = {
  name: 'Ecwid orders export',
  signature: ['ordernumber', 'paymentstatus', 'fulfillmentstatus', 'itemname'],
  columns: {
    ordernumber: 'orderNumber',
    orderdate: 'orderDate',
    createdate: 'orderDate',
    customeremail: 'email',
    email: 'email',
    shippingname: 'fullName',
    shippingaddressline1: 'shippingAddress1',
    shippingaddressline2: 'shippingAddress2',
    shippingcity: 'shippingCity',
    shippingstate: 'shippingState',
    shippingpostalcode: 'postcode',
    shippingcountry: 'shippingCountry',
    itemname: 'lineName',
    itemsku: 'lineSku',
    itemquantity: 'lineQuantity',
    itemprice: 'linePrice',
    itemoptions: 'lineOption',
    ordertotal: 'orderTotal',
    total: 'orderTotal',
    currency: 'currency',
    paymentstatus: 'financialStatus',
    fulfillmentstatus: 'fulfillmentStatus',
    trackingnumber: 'trackingNumber',
    ordercomments: 'personalNote',
  },
  lineRows: true,
  statusOf: (values) => {
    const fulfilment = lower(values.fulfillmentStatus).replace(/[\s_]+/g, ' ');
    const payment = lower(values.financialStatus);
    if (isCancelledStatus(fulfilment) || isCancelledStatus(payment)) return 'cancelled';
    if (fulfilment === 'delivered') return 'delivered';
    if (fulfilment === 'shipped') return 'shipped';
    return 'pending';
  },
};

export const marketplaceExports: readonly StoreExport[] = [
  wooCommerceOrderExport,
  // Before Amazon's order report, whose signature its columns also hold.
  temuOrdersEnglish,
  amazonOrderReport,
  amazonAllOrdersReport,
  ebayOrdersReport,
  ebaySalesHistory,
  shipStationOrders,
  temuOrdersGerman,
  wixOrders,
  ecwidOrders,
];
