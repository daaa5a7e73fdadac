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
