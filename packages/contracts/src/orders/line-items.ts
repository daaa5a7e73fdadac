import { z } from 'zod';

/**
 * One line of an order: a product, how many and at what unit price (pounds). Store-fronts send
 * them; for an order read from a file they come from its product columns or Items text
 * (svc-orders README, "Line items").
 */
export const orderLineItem = z.object({
  name: z.string().min(1),
  /** The variant, e.g. a size or colour. */
  option: z.string().nullable(),
  productId: z.string().nullable(),
  imageUrl: z.string().nullable(),
  quantity: z.number().nonnegative(),
  /** Unknown when the source gives only the order's total. */
  price: z.number().nullable(),
});
export type OrderLineItem = z.infer<typeof orderLineItem>;

/**
 * The Items text of an order with these lines, the same whichever way the order came in (a
 * store-front sync or a store's export file), so keyword rules match both alike:
 * "2 x Tote Bag (Blue); 1 x Mug". Null for an order without lines.
 */
export function itemsTextOfLines(
  lines: readonly Pick<OrderLineItem, 'name' | 'option' | 'quantity'>[],
) {
  const parts = lines.map(
    (line) => `${line.quantity} x ${line.name}${line.option ? ` (${line.option})` : ''}`,
  );
  return parts.length ? parts.join('; ') : null;
}
