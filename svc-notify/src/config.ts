import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { requireInProduction, serviceConfigSchema } from '@onvelope/service-kit/config';
import type { WebhookUrlPolicy } from './domain/webhook-address.js';
import { keyringOf } from './domain/webhook-secret-cipher.js';
import { LEASE_MARGIN_MS } from './use-cases/webhook-sender.js';

const ms = (fallback: number, min = 1) => z.coerce.number().int().min(min).default(fallback);

const isKey = (key: Buffer) => key.length === 32;
const base64Keys = z.string().transform((value) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => Buffer.from(part, 'base64')),
);

export const configSchema = serviceConfigSchema(
  { port: 4006, database: 'onvelope_notify' },
  {
    /** Where buyers reach the site: the tracking page and the unsubscribe links point there. */
    PUBLIC_SITE_URL: z.url().default('http://localhost:8080'),
    SMTP_URL: z.string().default('smtp://127.0.0.1:1025'),
    /** The sending address; the display name is the seller's sender name or store name. */
    MAIL_FROM: z.string().default('ONVELOPE <no-reply@onvelope.local>'),
    /**
     * Signs the unsubscribe links (HMAC-SHA256). Required in production: a new one ends every
     * link already mailed. Elsewhere a random one per process (links of an earlier run fail).
     */
    UNSUBSCRIBE_SECRET: z.string().min(16).optional(),
    /**
     * A mailbox that unsubscribes whoever writes to it (`mailto:` in List-Unsubscribe). Unset: the
     * header carries the one-click https link only, which is what RFC 8058 and the large mailbox
     * providers ask for. Nothing in this release reads such a mailbox.
     */
    UNSUBSCRIBE_MAILTO: z.email().optional(),
    /**
     * The envelope sender (Return-Path) of every message, VERP-tagged per message:
     * `bounces@bounces.example.com` sends as `bounces+<message id>-<signature>@bounces.example.com`,
     * so a delivery report that comes back later names its message. The domain's MX must lead to
     * the bounce intake (`BOUNCE_SMTP_PORT`). Unset: the envelope sender is MAIL_FROM's address and
     * reports go wherever that mailbox is.
     */
    BOUNCE_ADDRESS: z.email().optional(),
    /**
     * The bounce intake: an SMTP listener that takes delivery reports (RFC 3464) to the tagged
     * addresses of BOUNCE_ADDRESS and refuses every other recipient. Unset: none (`0`: any free port).
     */
    BOUNCE_SMTP_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
    BOUNCE_SMTP_HOST: z.string().default('0.0.0.0'),
    /**
     * The PEM key and certificate (files, as a Kubernetes secret mounts them) with which the bounce
     * intake offers STARTTLS. Both or neither; unset: no STARTTLS (reports come in plain SMTP).
     * Read at start: a renewed certificate takes a restart.
     */
    BOUNCE_TLS_KEY_FILE: z.string().min(1).optional(),
    BOUNCE_TLS_CERT_FILE: z.string().min(1).optional(),
    /** The largest report the intake reads (a report quotes at most the message's headers). */
    BOUNCE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1_024)
      .default(1024 * 1024),
    /** How often the sender looks for messages due (it is also woken when one is queued). */
    SEND_EVERY_MS: ms(1_000, 10),
    /** How many messages one instance sends at once (each on its own SMTP connection). */
    SEND_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
    /** How long a claimed message is held by one sender before another may take it. */
    SEND_LEASE_MS: ms(60_000, 100),
    /** The first wait after a failed try; it doubles with every try up to SEND_RETRY_MAX_MS. */
    SEND_RETRY_BASE_MS: ms(10_000, 10),
    SEND_RETRY_MAX_MS: ms(15 * 60_000, 10),
    /** How long a message may wait for the mail server (from its first try) before giving up. */
    SEND_GIVE_UP_AFTER_MS: ms(48 * 3_600_000, 1_000),
    /**
     * How often a message to a seller whose address svc-notify does not know yet is looked at
     * again. The profile event that brings the address wakes it at once; this is the safety net.
     */
    SELLER_ADDRESS_RECHECK_MS: ms(15 * 60_000, 10),
    /** How often the daily digests due (08:00 on each seller's clock) are looked for. */
    DIGEST_EVERY_MS: ms(60_000, 10),
    /** An order first seen with its milestone older than this gets no mail (imported history). */
    PAST_MILESTONE_DAYS: z.coerce.number().positive().default(14),
    /** The lines of an order a message lists before "and K more". */
    ITEMS_SHOWN: z.coerce.number().int().min(1).max(100).default(20),
    /** Test mails a seller may send in an hour. */
    TEST_MAILS_PER_HOUR: z.coerce.number().int().min(1).default(10),
    /** How long svc-auth / svc-orders have to answer a question before what is known is used. */
    ASK_TIMEOUT_MS: ms(2_000),
    /**
     * The nice value (0-19) the whole process runs at when started as a service (`main.ts`): its
     * work is background work, which gives the CPU to the services people wait on when they share a
     * machine (the import thread of svc-orders runs at 10). 0 keeps the normal priority.
     */
    NOTIFY_CPU_NICE: z.coerce.number().int().min(0).max(19).default(10),
    /**
     * Issue 35: where webhooks may go. `production`: https only, never to a private, loopback or
     * link-local address (checked after DNS, on every delivery). `development`: http to this
     * machine too. Unset: `production` when NODE_ENV is production, `development` otherwise.
     */
    WEBHOOK_URL_POLICY: z.enum(['production', 'development']).optional(),
    /** The whole exchange with an endpoint, connection to the last byte read. */
    WEBHOOK_TIMEOUT_MS: ms(10_000, 100),
    /** The most of an endpoint's answer that is read (the log keeps its first 1,000 characters). */
    WEBHOOK_READ_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1_024)
      .default(64 * 1_024),
    WEBHOOK_SEND_EVERY_MS: ms(1_000, 10),
    /** Deliveries one instance has in hand at once. */
    WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(32),
    /**
     * After a claim of due deliveries, the next waits this many times as long as it took (0: at
     * once): claims read the pending queue, and spacing them leaves the database free for the
     * calls people wait on during a burst (issue 35). Deliveries in hand go on meanwhile. 2: a
     * 10,000-event burst on the test machine at 288 deliveries/s with another seller's dashboard at
     * 0.94x its idle p95 (0: 726/s and 6.84x; 1: 436/s, 6.75x; 3: 223/s, 0.63x).
     */
    WEBHOOK_CLAIM_SPACING: z.coerce.number().min(0).max(100).default(2),
    /** How long a claimed delivery is held by one instance; at least WEBHOOK_TIMEOUT_MS + 5 s. */
    WEBHOOK_LEASE_MS: ms(60_000, 100),
    /** The first wait after a failed try; it doubles with every try up to WEBHOOK_RETRY_MAX_MS. */
    WEBHOOK_RETRY_BASE_MS: ms(30_000, 10),
    WEBHOOK_RETRY_MAX_MS: ms(4 * 3_600_000, 10),
    /** How long a delivery is retried from its first try (about a day: issue 35). */
    WEBHOOK_GIVE_UP_AFTER_MS: ms(24 * 3_600_000, 10),
    /** How long an endpoint may fail every delivery before it is disabled and the seller told. */
    WEBHOOK_DISABLE_AFTER_MS: ms(5 * 24 * 3_600_000, 10),
    /** How long a rolled secret keeps signing beside the new one. */
    WEBHOOK_PREVIOUS_SECRET_MS: ms(24 * 3_600_000, 0),
    WEBHOOK_MAX_ENDPOINTS: z.coerce.number().int().min(1).default(20),
    /**
     * Encrypts the endpoints' signing secrets at rest (AES-256-GCM): 32 bytes, base64. Required in
     * production; elsewhere a fixed development key, so a local database outlives a restart.
     */
    WEBHOOK_SECRETS_KEY: z
      .string()
      .transform((value) => Buffer.from(value, 'base64'))
      .refine(isKey, 'must be 32 bytes, base64-encoded')
      .optional(),
    /**
     * Rotation: the keys used before WEBHOOK_SECRETS_KEY, comma-separated, still read and never
     * written. Each start encrypts every secret again with WEBHOOK_SECRETS_KEY; after one start
     * has logged that it did, they may be removed.
     */
    WEBHOOK_SECRETS_PREVIOUS_KEYS: base64Keys
      .refine((keys) => keys.every(isKey), 'each must be 32 bytes, base64-encoded')
      .default([]),
  },
).superRefine((config, context) => {
  requireInProduction(config, context, ['UNSUBSCRIBE_SECRET', 'WEBHOOK_SECRETS_KEY']);
  // The intake accepts only the tagged addresses of BOUNCE_ADDRESS: without one it accepts nothing.
  if (config.BOUNCE_SMTP_PORT !== undefined && !config.BOUNCE_ADDRESS) {
    context.addIssue({
      code: 'custom',
      path: ['BOUNCE_ADDRESS'],
      message: 'is required with BOUNCE_SMTP_PORT',
    });
  }
  if ((config.BOUNCE_TLS_KEY_FILE === undefined) !== (config.BOUNCE_TLS_CERT_FILE === undefined)) {
    const missing = config.BOUNCE_TLS_KEY_FILE ? 'BOUNCE_TLS_CERT_FILE' : 'BOUNCE_TLS_KEY_FILE';
    context.addIssue({
      code: 'custom',
      path: [missing],
      message:
        'is required with the other BOUNCE_TLS_ file (STARTTLS needs a key and its certificate)',
    });
  }
  // A try starts only while its lease outlives it (`webhook-sender.ts`): a shorter lease starts none.
  if (config.WEBHOOK_LEASE_MS < config.WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS) {
    context.addIssue({
      code: 'custom',
      path: ['WEBHOOK_LEASE_MS'],
      message: `must be at least WEBHOOK_TIMEOUT_MS + ${LEASE_MARGIN_MS}`,
    });
  }
});

export type NotifyConfig = z.infer<typeof configSchema>;

/** The webhook address rules in force: as configured, else production's in production. */
export const webhookUrlPolicyOf = (
  config: Pick<NotifyConfig, 'WEBHOOK_URL_POLICY' | 'NODE_ENV'>,
): WebhookUrlPolicy =>
  config.WEBHOOK_URL_POLICY ?? (config.NODE_ENV === 'production' ? 'production' : 'development');

/** The configured secret, or one made for this process (links do not outlive it). */
export const unsubscribeSecretOf = (config: Pick<NotifyConfig, 'UNSUBSCRIBE_SECRET'>) =>
  config.UNSUBSCRIBE_SECRET ?? randomBytes(32).toString('base64url');

/** Outside production only: the key webhook secrets are encrypted with when none is configured. */
const developmentSecretsKey = () =>
  createHash('sha256').update('onvelope-dev-only:webhook-secrets-key').digest();

/** The webhook secrets' keys: the configured ones, else (outside production) the development key. */
export const webhookSecretKeysOf = (
  config: Pick<NotifyConfig, 'WEBHOOK_SECRETS_KEY' | 'WEBHOOK_SECRETS_PREVIOUS_KEYS'>,
) =>
  keyringOf(
    config.WEBHOOK_SECRETS_KEY ?? developmentSecretsKey(),
    config.WEBHOOK_SECRETS_PREVIOUS_KEYS,
  );

/** The bounce intake's STARTTLS files, when both are configured. */
export const bounceTlsFilesOf = (
  config: Pick<NotifyConfig, 'BOUNCE_TLS_KEY_FILE' | 'BOUNCE_TLS_CERT_FILE'>,
) =>
  config.BOUNCE_TLS_KEY_FILE && config.BOUNCE_TLS_CERT_FILE
    ? { keyFile: config.BOUNCE_TLS_KEY_FILE, certFile: config.BOUNCE_TLS_CERT_FILE }
    : undefined;
