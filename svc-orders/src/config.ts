import { z } from 'zod';
import { serviceConfigSchema } from '@onvelope/service-kit';

export const configSchema = serviceConfigSchema(
  { port: 4002, database: 'onvelope_orders' },
  {
    // A CSV of 50 MB holds about 200,000 orders; the gateway's body limit (60 MB) sits above it so
    // the seller gets this service's clearer message.
    CSV_UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(50 * 1024 * 1024),
  },
);
export type OrdersConfig = z.infer<typeof configSchema>;
