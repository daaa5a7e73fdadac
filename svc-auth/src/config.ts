import { z } from 'zod';
import { serviceConfigSchema } from '@onvelope/service-kit';
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
    ...googleConfigShape,
  },
);
