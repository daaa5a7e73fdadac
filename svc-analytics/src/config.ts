import { z } from 'zod';
import { serviceConfigSchema } from '@onvelope/service-kit/config';

export const configSchema = serviceConfigSchema(
  { port: 4005, database: 'onvelope_analytics' },
  {
    /** How long a seller's changes must pause before their rollup is refreshed. */
    ROLLUP_SETTLE_MS: z.coerce.number().int().min(0).default(250),
    /** How long a change waits at most for the seller's changes to pause. */
    ROLLUP_MAX_WAIT_MS: z.coerce.number().int().min(0).default(30_000),
    /** How often rollups whose refresh was lost (a stopped instance) are looked for. */
    ROLLUP_SWEEP_MS: z.coerce.number().int().min(100).default(30_000),
    /**
     * How often a seller's tally, kept change by change, is counted again from their facts (repair;
     * a day by default).
     */
    TALLY_RECOUNT_MS: z.coerce.number().int().min(60_000).default(86_400_000),
    /** How long svc-auth has to say a seller's time zone before the last one known is used. */
    AUTH_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
  },
).superRefine((config, context) => {
  // A shorter cap would refresh a seller's rollup before their changes ever had time to pause.
  if (config.ROLLUP_MAX_WAIT_MS < config.ROLLUP_SETTLE_MS) {
    context.addIssue({
      code: 'custom',
      path: ['ROLLUP_MAX_WAIT_MS'],
      message: `must be at least ROLLUP_SETTLE_MS (${config.ROLLUP_SETTLE_MS})`,
    });
  }
});
