import { z } from 'zod';
import { serviceConfigSchema } from '@onvelope/service-kit/config';

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
    // Where the site's pages are, for signed tracking links (the gateway's). No mail goes from
    // here: svc-notify mails the seller's replies to buyers (issue 34), so no SMTP settings.
    PUBLIC_SITE_URL: z.url().default('http://localhost:8080'),
    // Failed lookups and claims: per order number per hour, per client address per 15 minutes.
    LOOKUP_MAX_FAILURES_PER_ORDER: z.coerce.number().int().positive().default(10),
    LOOKUP_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(30),
    // Buyer queries sent per client address per hour.
    QUERY_MAX_PER_IP: z.coerce.number().int().positive().default(10),
    // svc-auth answers from its database; a lookup waits no longer than this for the seller's name.
    AUTH_COMMAND_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
    // How often a replica looks for buyer queries whose seller notice, or replies whose buyer
    // notice, was never asked for (a process that died between storing and asking): the
    // notices' safety net (issue 34).
    QUERY_NOTICE_SWEEP_MS: z.coerce.number().int().positive().default(60_000),
    // The dashboard's reads of orders (list, search, needs attention) a replica runs at once; the
    // rest wait their seller's turn (`createFairGate`), holding no page of orders meanwhile.
    DASHBOARD_READS_IN_FLIGHT: z.coerce.number().int().positive().default(16),
  },
);
export type OrdersConfig = z.infer<typeof configSchema>;
