/**
 * What the seller's order search looks in (spec 000 §2; issue 16 item 8): the stored fields of a
 * tracking entry whose text is searched. svc-orders stores their search text from these (and
 * rewrites it when a write sets one of them); the dashboard's search box names them to the seller.
 */
export const searchedFields = [
  'orderNumber',
  'firstName',
  'lastName',
  'email',
  'postcode',
  'shippingZip',
  'trackingNumber',
  'items',
  'lineItems',
  'productName',
] as const;

export type SearchedField = (typeof searchedFields)[number];

/**
 * The searched fields in the seller's words, as the search box's placeholder says them: a name is
 * the first, last or both names, a postcode also a shipping ZIP code; the items' names are found
 * too, but the box keeps to what a seller types most.
 */
export const searchedFieldsHint = 'Order number, name, email, postcode or tracking number';
