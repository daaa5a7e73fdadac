import type { OrderLineItem } from '@onvelope/contracts';

/** What `lineItemsOf` reads of an entry. */
export interface LineItemSource {
  lineItems?: readonly OrderLineItem[] | null;
  items?: string | null;
  productName?: string | null;
  productId?: string | null;
  productImageUrl?: string | null;
  quantity?: number | null;
  itemPrice?: number | null;
  itemTotal?: number | null;
}

const PRODUCT_NAME_MARKER = /product_name:/i;
/** "2 x Tote Bag (Blue)", the form store-front items are written in (svc-sync README). */
const COUNTED_NAME = /^(\d+(?:\.\d+)?)\s*[x×]\s+(.+)$/i;
const FIELD = (name: string) => new RegExp(`(?:^|[|;])\\s*${name}:\\s*([^|;]*)`, 'i');

const numberOf = (text: string | undefined) => {
  const value = text === undefined ? NaN : Number(text.trim());
  return Number.isFinite(value) ? value : null;
};

const line = (name: string, quantity: number | null, price: number | null): OrderLineItem => ({
  name,
  option: null,
  productId: null,
  imageUrl: null,
  quantity: quantity ?? 1,
  price,
});

const OPTION = /(?:^|[|;])\s*product_option_name:\s*([^|;]*)/i;

/**
 * The lines of `product_name:Tee|product_option_name:Large|quantity:2|price:9.5` records (the
 * form Big Cartel's export writes its Items in), however they are separated.
 */
export function linesOfItemRecords(items: string): OrderLineItem[] {
  return items
    .split(PRODUCT_NAME_MARKER)
    .slice(1)
    .flatMap((record) => {
      const name = record.split(/[|;\n\r]/)[0]?.trim();
      const field = (key: string) => numberOf(FIELD(key).exec(record)?.[1]);
      const option = OPTION.exec(record)?.[1]?.trim() || null;
      return name ? [{ ...line(name, field('quantity'), field('price')), option }] : [];
    });
}

/**
 * The lines an Items text names: `product_name:` records, "2 x Tee" parts, or plain names
 * separated by `;`, `|` or line breaks. Commas stay inside a name ("Tea, Earl Grey" is one
 * product).
 */
function linesOfText(items: string): OrderLineItem[] {
  if (PRODUCT_NAME_MARKER.test(items)) return linesOfItemRecords(items);
  return items.split(/[;|\n\r]/).flatMap((part) => {
    const text = part.trim();
    if (!text) return [];
    const counted = COUNTED_NAME.exec(text);
    return [counted ? line(counted[2]!.trim(), Number(counted[1]), null) : line(text, null, null)];
  });
}

/**
 * An order's lines: those the store-front sent, else those its Items text names, else its one
 * product (spec 000 §3's productName, quantity and itemPrice). The product columns fill in what the
 * text leaves out for the product they name: its id, image and unit price (or, for a one-line
 * order, the item total divided by the quantity).
 */
export function lineItemsOf(entry: LineItemSource): OrderLineItem[] {
  if (entry.lineItems?.length) return [...entry.lineItems];
  const productName = entry.productName?.trim() || null;
  const lines = entry.items?.trim() ? linesOfText(entry.items) : [];
  if (!lines.length && productName) lines.push(line(productName, entry.quantity ?? null, null));
  const product = lines.find((item) => item.name === productName);
  if (product) {
    product.productId = entry.productId ?? null;
    product.imageUrl = entry.productImageUrl ?? null;
    if (product.price === null) product.price = entry.itemPrice ?? null;
  }
  const only = lines.length === 1 ? lines[0]! : null;
  if (only && only.price === null && entry.itemTotal != null && only.quantity > 0) {
    only.price = Math.round((entry.itemTotal / only.quantity) * 100) / 100;
  }
  return lines;
}

/**
 * The lines of a WooCommerce Customer/Order CSV Export `line_items` cell: items separated by `;`,
 * each `key:value` pairs separated by `|` (`name:Mug|sku:MUG-1|quantity:2|total:18.00`); the unit
 * price is the line's total (after discounts, before tax) over its quantity.
 */
export function linesOfWooCommerceItems(items: string): OrderLineItem[] {
  return items.split(';').flatMap((record) => {
    const pairs = new Map(
      record.split('|').map((pair) => {
        const colon = pair.indexOf(':');
        return [pair.slice(0, colon).trim().toLowerCase(), pair.slice(colon + 1).trim()] as const;
      }),
    );
    const name = pairs.get('name');
    if (!name) return [];
    const quantity = numberOf(pairs.get('quantity')) ?? 1;
    const total = numberOf(pairs.get('total') ?? pairs.get('subtotal'));
    return [
      {
        ...line(
          name,
          quantity,
          total === null || !quantity ? null : Math.round((total / quantity) * 100) / 100,
        ),
        productId: pairs.get('sku') || null,
      },
    ];
  });
}
