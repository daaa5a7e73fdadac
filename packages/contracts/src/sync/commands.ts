import { z } from 'zod';
import { defineCommand } from '../messaging.js';

/**
 * svc-orders asks svc-sync to tell the store-front an order was shipped. `updated` is true only
 * when the store-front accepted the change.
 */
export const markShippedAtStoreFront = defineCommand({
  subject: 'sync.markShipped',
  request: z.object({
    accountId: z.string().min(1),
    connectionId: z.string().nullable(),
    externalId: z.string().min(1),
    orderNumber: z.string().min(1),
    trackingNumber: z.string().min(1),
    courier: z.string().min(1),
    trackingUrl: z.string().nullable(),
  }),
  response: z.object({ updated: z.boolean(), reason: z.string().optional() }),
});
