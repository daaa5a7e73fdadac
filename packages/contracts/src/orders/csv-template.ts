/**
 * Spec 000 §5's column names, in its order: the canonical template and the names the import's
 * answers use for columns. Issues 38 and 39: few of them are required (`requiredCsvColumns`).
 */
export const csvTemplateColumns = [
  'orderNumber',
  'firstName',
  'lastName',
  'email',
  'postcode',
  'status',
  'courier',
  'trackingNumber',
  'trackingUrl',
] as const;

/**
 * The columns an orders file of its own layout must have (issue 39): an order number, and a buyer
 * to reach. A name column ('Buyer Name', or first and last name) stands for the email
 * (`importRequirements`); everything else may be absent.
 */
export const requiredCsvColumns = [
  'orderNumber',
  'email',
] as const satisfies readonly (typeof csvTemplateColumns)[number][];

/**
 * Optional columns the template shows, so a seller sees where items, address, date and amount go;
 * the amount with its currency (issue 38 item 4: an amount is never read without one).
 */
const templateExtras = [
  'items',
  'orderDate',
  'shippingAddress1',
  'shippingCity',
  'shippingCountry',
  'itemTotal',
  'currency',
];

/**
 * The template the uploader offers: the spec's columns, a few optional ones, and two example
 * orders (one waiting, one shipped), in the forms the import reads.
 */
export const csvTemplate =
  [
    [...csvTemplateColumns, ...templateExtras].join(','),
    '1001,Ada,Lovelace,ada@example.com,SW1A 1AA,pending,,,,"2 x Tote Bag (Blue); 1 x Mug",2025-03-01,10 Downing Street,London,GB,42.50,GBP',
    '1002,Alan,Turing,alan@example.com,M1 1AE,shipped,Royal Mail,AB123456789GB,https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB,1 x Poster,2025-03-02,1 Oxford Road,Manchester,GB,18.00,GBP',
  ].join('\r\n') + '\r\n';

export const CSV_TEMPLATE_FILENAME = 'onvelope-orders-template.csv';
