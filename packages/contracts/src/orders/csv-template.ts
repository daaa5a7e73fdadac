/** Spec 000 §5: the columns an orders file of the product's own layout must have. */
export const requiredCsvColumns = [
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

/** Optional columns the template shows, so a seller sees where items, address and date go. */
const templateExtras = [
  'items',
  'orderDate',
  'shippingAddress1',
  'shippingCity',
  'shippingCountry',
  'itemTotal',
];

/**
 * The template the uploader offers: the required columns, a few optional ones, and two example
 * orders (one waiting, one shipped), in the forms the import reads.
 */
export const csvTemplate =
  [
    [...requiredCsvColumns, ...templateExtras].join(','),
    '1001,Ada,Lovelace,ada@example.com,SW1A 1AA,pending,,,,"2 x Tote Bag (Blue); 1 x Mug",2025-03-01,10 Downing Street,London,GB,42.50',
    '1002,Alan,Turing,alan@example.com,M1 1AE,shipped,Royal Mail,AB123456789GB,https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB,1 x Poster,2025-03-02,1 Oxford Road,Manchester,GB,18.00',
  ].join('\r\n') + '\r\n';

export const CSV_TEMPLATE_FILENAME = 'onvelope-orders-template.csv';
