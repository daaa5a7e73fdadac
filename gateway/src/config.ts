import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { ServiceName } from '@onvelope/contracts';
import {
  baseConfigShape,
  loadConfig,
  requireInProduction,
  type Env,
} from '@onvelope/service-kit/config';

/** Every service the gateway forwards to (the route table's owners other than the gateway itself). */
export type UpstreamService = Exclude<ServiceName, 'gateway'>;

// The services speak plain HTTP inside the system; TLS ends in front of the gateway.
const serviceUrl = (port: number) =>
  z
    .url({ protocol: /^http$/, error: 'must be an http:// URL' })
    .default(`http://127.0.0.1:${port}`);

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');

// src/ and dist/ both sit one level below the package, so this is the repository root either way.
const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

const gatewaySettings = z.object({
  NODE_ENV: baseConfigShape.NODE_ENV,
  // The one entry point: it listens on every interface (the services, on the loopback by default).
  HOST: z.string().default('0.0.0.0'),
  PORT: baseConfigShape.PORT.default(8080),
  LOG_LEVEL: baseConfigShape.LOG_LEVEL,
  SHUTDOWN_TIMEOUT_MS: baseConfigShape.SHUTDOWN_TIMEOUT_MS,
  /** After SIGTERM, /readyz answers 503 for this long while calls are still served. */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).default(0),

  AUTH_SERVICE_URL: serviceUrl(4001),
  ORDERS_SERVICE_URL: serviceUrl(4002),
  SYNC_SERVICE_URL: serviceUrl(4003),
  BILLING_SERVICE_URL: serviceUrl(4004),
  ANALYTICS_SERVICE_URL: serviceUrl(4005),
  NOTIFY_SERVICE_URL: serviceUrl(4006),
  /** Idle time (no bytes either way) after which an upstream call is given up. */
  UPSTREAM_TIMEOUT_MS: positiveInt(60_000),
  /** Uploads answer once every row is stored: a large file on a slow database takes minutes. */
  UPLOAD_TIMEOUT_MS: positiveInt(30 * 60_000),
  HEALTH_TIMEOUT_MS: positiveInt(2_000),

  CORS_ORIGINS: z
    .string()
    .default('http://localhost:8080,http://localhost:3000')
    .transform((list) =>
      list
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  BODY_LIMIT_BYTES: positiveInt(60 * 1024 * 1024),

  RATE_LIMIT_WINDOW_MS: positiveInt(60_000),
  SIGN_IN_RATE_LIMIT: positiveInt(10),
  LOOKUP_RATE_LIMIT: positiveInt(30),
  /**
   * With more than one gateway: a MongoDB the gateways share their rate-limit counters in (its
   * own database, `RATE_LIMIT_MONGO_DB`), so together they allow each limit once. Unset, each
   * gateway counts on its own.
   */
  RATE_LIMIT_MONGO_URL: z.string().min(1).optional(),
  /** Calls per seller API key per window (issue 35), counted like the other limits. */
  API_KEY_RATE_LIMIT: positiveInt(120),
  /**
   * The system's NATS: the gateway asks svc-auth about sellers' API keys over it and hears their
   * revocations. Unset, a call with an API key answers 503 (everything else works).
   */
  NATS_URL: z.string().min(1).optional(),
  RATE_LIMIT_MONGO_DB: z.string().min(1).default('onvelope-gateway'),
  /** Behind a load balancer: take the client address from X-Forwarded-For. */
  TRUST_PROXY: flag(false),

  /**
   * When set, `GET /metrics` asks for `Authorization: Bearer <this>` (Prometheus' `bearer_token`).
   * Unset, it is refused to everyone in production, and served to this machine alone elsewhere.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Sent to every service with every call; see `GATEWAY_SECRET` in service-kit's README. */
  GATEWAY_SECRET: baseConfigShape.GATEWAY_SECRET,

  /** Off in dev mode, where the frontends' dev servers serve them. */
  SERVE_FRONTENDS: flag(true),
  /** Holds shell/dist and mf-{marketing,customer,merchant}/dist. */
  STATIC_DIR: z.string().min(1).default(repositoryRoot),
  REMOTE_MARKETING_URL: z.string().min(1).default('/mf/marketing/mf-manifest.json'),
  REMOTE_CUSTOMER_URL: z.string().min(1).default('/mf/customer/mf-manifest.json'),
  REMOTE_MERCHANT_URL: z.string().min(1).default('/mf/merchant/mf-manifest.json'),
});

// Without it the services would believe no caller's address, and limit everyone as one.
export const gatewayConfigSchema = gatewaySettings.superRefine((config, context) =>
  requireInProduction(config, context, ['GATEWAY_SECRET']),
);

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

/** Reads the gateway's settings from environment variables; throws `ConfigError` naming each bad one. */
export function loadGatewayConfig(env: Env): GatewayConfig {
  return loadConfig(gatewayConfigSchema, env);
}

export function serviceBaseUrls(config: GatewayConfig): Record<UpstreamService, URL> {
  return {
    'svc-auth': new URL(config.AUTH_SERVICE_URL),
    'svc-orders': new URL(config.ORDERS_SERVICE_URL),
    'svc-sync': new URL(config.SYNC_SERVICE_URL),
    'svc-billing': new URL(config.BILLING_SERVICE_URL),
    'svc-analytics': new URL(config.ANALYTICS_SERVICE_URL),
    'svc-notify': new URL(config.NOTIFY_SERVICE_URL),
  };
}
