import { z } from 'zod';
import { defineCommand } from '../messaging.js';

/**
 * How many orders a buyer has claimed (spec 001 §3 "Customer": orderCount), asked of svc-orders by
 * svc-auth, which answers the buyer's profile.
 */
export const countCustomerClaims = defineCommand({
  subject: 'orders.countCustomerClaims',
  request: z.object({ customerId: z.string().min(1) }),
  response: z.object({ orderCount: z.number().int().nonnegative() }),
});
