import { z } from 'zod';
import { serviceConfigSchema } from '@onvelope/service-kit/config';
import { googleConfigShape } from './google/index.js';

export const configSchema = serviceConfigSchema(
  { port: 4001, database: 'onvelope_auth' },
  {
    SMTP_URL: z.string().default('smtp://127.0.0.1:1025'),
    MAIL_FROM: z.string().default('ONVELOPE <no-reply@onvelope.local>'),
    // Codes are secrets: printed in the log only where someone asks for it (local runs).
    MAIL_LOG_CODES: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /** Accounts one client address may create (sellers and buyers) in 15 minutes. */
    SIGN_UPS_PER_ADDRESS: z.coerce.number().int().positive().default(20),
    /** Verification codes one client address may ask to be sent again in 15 minutes. */
    CODE_RESENDS_PER_ADDRESS: z.coerce.number().int().positive().default(20),
    ...googleConfigShape,
  },
);
