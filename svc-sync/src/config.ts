import { createHash } from 'node:crypto';
import { z } from 'zod';
import { syncJobsStream } from '@onvelope/contracts';
import { refuseSimulatorsInProduction, serviceConfigSchema } from '@onvelope/service-kit/config';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Outside production a missing secret is derived from a fixed label, so the local stack works with
 * no setup; production refuses to start without the real one (see the README).
 */
const devSecret = (label: string) =>
  createHash('sha256').update(`onvelope-dev-only:${label}`).digest();

const base64Key = z
  .string()
  .transform((value) => Buffer.from(value, 'base64'))
  .refine((key) => key.length === 32, 'must be 32 bytes, base64-encoded');

const productionSecrets = [
  'BIGCARTEL_CLIENT_ID',
  'BIGCARTEL_CLIENT_SECRET',
  'TOKEN_ENCRYPTION_KEY',
  'STATE_SECRET',
] as const;

export const configSchema = serviceConfigSchema(
  { port: 4003, database: 'onvelope_sync' },
  {
    NODE_ENV: z.string().default('development'),
    BIGCARTEL_API_URL: z.url().default('https://api.bigcartel.com'),
    BIGCARTEL_AUTHORIZE_URL: z.url().default('https://my.bigcartel.com/oauth/authorize'),
    BIGCARTEL_CLIENT_ID: z.string().min(1).optional(),
    BIGCARTEL_CLIENT_SECRET: z.string().min(1).optional(),
    BIGCARTEL_REDIRECT_URL: z.url().default('http://localhost:8080/api/bigcartel/callback'),
    PUBLIC_SITE_URL: z.url().default('http://localhost:8080'),
    TOKEN_ENCRYPTION_KEY: base64Key.optional(),
    STATE_SECRET: z.string().min(16).optional(),
    /** How long a Connect link stays valid. */
    OAUTH_STATE_TTL_SECONDS: positiveInt(600),

    SYNC_STREAM_NAME: z.string().min(1).default(syncJobsStream.name),
    /** Subject prefix of the job queue; the stream holds `<prefix>.>`. */
    SYNC_JOBS_SUBJECT: z.string().min(1).default('sync.jobs'),
    SYNC_CONSUMER_NAME: z.string().min(1).default('svc-sync-jobs'),
    /** Jobs one replica runs at once; 0 makes a replica that serves HTTP and commands only. */
    SYNC_CONCURRENCY: z.coerce.number().int().min(0).default(2),
    /** A job not heard from for this long is handed to another replica. */
    SYNC_ACK_WAIT_MS: positiveInt(30_000),
    /** How long `POST .../sync` waits for its job before answering with the progress so far. */
    SYNC_WAIT_TIMEOUT_MS: positiveInt(45_000),
    STORE_FRONT_PAGE_LIMIT: z.coerce.number().int().min(1).max(100).default(100),
    /** Per store: requests a second (token bucket refill) and the burst it allows. */
    STORE_FRONT_RATE_PER_SECOND: z.coerce.number().positive().default(10),
    STORE_FRONT_BURST: positiveInt(10),
    STORE_FRONT_MAX_ATTEMPTS: positiveInt(6),
    STORE_FRONT_RETRY_BASE_MS: positiveInt(500),
    STORE_FRONT_TIMEOUT_MS: positiveInt(20_000),

    /** Live tracking (EasyPost). Without a key no shipment is tracked, and the webhook answers 503. */
    EASYPOST_API_KEY: z.string().min(1).optional(),
    /** EasyPost's API, or the tracking simulator (`tools/tracking-sim`; `npm start` sets it). */
    EASYPOST_API_URL: z.url().default('https://api.easypost.com/v2/'),
    /** The secret of the EasyPost webhook (its HMAC key); required with a key in production. */
    EASYPOST_WEBHOOK_SECRET: z.string().min(1).optional(),
    EASYPOST_TIMEOUT_MS: positiveInt(15_000),
    /** Per replica: tracker calls a second (token bucket refill) and the burst it allows. */
    TRACKING_RATE_PER_SECOND: z.coerce.number().positive().default(20),
    TRACKING_BURST: positiveInt(20),
    TRACKING_BATCH_SIZE: positiveInt(50),
    TRACKING_LEASE_MS: positiveInt(60_000),
    TRACKING_RETRY_BASE_MS: positiveInt(2_000),
    TRACKING_RETRY_MAX_MS: positiveInt(60 * 60_000),
    TRACKING_POLL_MS: positiveInt(1_000),
    /** Shipments shipped longer ago than this when they reach svc-sync are not tracked. */
    TRACKING_MAX_SHIPMENT_AGE_DAYS: positiveInt(60),
    /** A tracker with no report for this long is asked about; checked this often. */
    TRACKING_RECONCILE_AFTER_MS: positiveInt(6 * 60 * 60_000),
    TRACKING_RECONCILE_EVERY_MS: positiveInt(5 * 60_000),
  },
).superRefine((config, context) => {
  refuseSimulatorsInProduction(config, context, {
    BIGCARTEL_API_URL: 'https://api.bigcartel.com',
    BIGCARTEL_AUTHORIZE_URL: 'https://my.bigcartel.com',
    EASYPOST_API_URL: 'https://api.easypost.com',
  });
  if (config.NODE_ENV !== 'production') return;
  for (const name of productionSecrets) {
    if (config[name] === undefined) {
      context.addIssue({ code: 'custom', path: [name], message: 'is required in production' });
    }
  }
  if (config.EASYPOST_API_KEY && !config.EASYPOST_WEBHOOK_SECRET) {
    context.addIssue({
      code: 'custom',
      path: ['EASYPOST_WEBHOOK_SECRET'],
      message: 'is required in production when EASYPOST_API_KEY is set',
    });
  }
});

export type SyncConfig = z.infer<typeof configSchema>;

/** The secrets the service uses: the configured ones, or (outside production) derived dev values. */
export function secretsOf(config: SyncConfig) {
  return {
    clientId: config.BIGCARTEL_CLIENT_ID ?? 'onvelope-dev',
    clientSecret: config.BIGCARTEL_CLIENT_SECRET ?? 'onvelope-dev-secret',
    tokenKey: config.TOKEN_ENCRYPTION_KEY ?? devSecret('token-encryption-key'),
    stateSecret: config.STATE_SECRET ?? devSecret('oauth-state-secret').toString('base64'),
    easyPostWebhookSecret:
      config.EASYPOST_WEBHOOK_SECRET ?? devSecret('easypost-webhook-secret').toString('base64'),
  };
}
