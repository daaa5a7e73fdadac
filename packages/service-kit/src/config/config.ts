import { z } from 'zod';

export type Env = Record<string, string | undefined>;

/** Settings every service shares; defaults make the local stack work with no setup. */
export const baseConfigShape = {
  NODE_ENV: z.string().default('development'),
  // Only the gateway calls a service: locally it runs on the same machine, so nothing else need
  // reach the service. Containers set 0.0.0.0 (the Dockerfile does), where the gateway is elsewhere.
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MONGO_URL: z.string().default('mongodb://127.0.0.1:27017'),
  MONGO_DB: z.string().min(1),
  /** One server, or the seeds of a cluster separated by commas. */
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /**
   * How many copies of each stream a JetStream cluster keeps (3 survives a node's loss); a stream
   * made with fewer is raised to it. 1 for a single server.
   */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  AUTH_JWKS_URL: z.url().default('http://127.0.0.1:4001/auth/.well-known/jwks.json'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * Shared with the gateway, which sends it with every call (`X-Gateway-Secret`): a service
   * believes a call's X-Forwarded-For/-Proto/-Host only when it carries it
   * (`http/forwarded-headers.ts`). Required in production; unset elsewhere, only calls from the
   * loopback are believed.
   */
  GATEWAY_SECRET: z.string().min(16).optional(),
  /**
   * `true` only for a local trial on the production images (compose's `try` profile): lets a
   * service in production talk to the local stand-ins of outside providers (stripe-mock, the
   * store-front and tracking simulators), which production otherwise refuses.
   */
  ALLOW_SIMULATORS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
};

/** The variables production cannot do without (outside it, each has a local stand-in). */
export function requireInProduction(
  config: Record<string, unknown>,
  context: z.RefinementCtx,
  names: string[],
): void {
  if (config.NODE_ENV !== 'production') return;
  for (const name of names) {
    if (config[name] === undefined)
      context.addIssue({ code: 'custom', path: [name], message: 'is required in production' });
  }
}

/**
 * Refuses, in production, an address that points an outside provider's client somewhere other than
 * the provider: a test setting left in a real deploy would send real sellers' payments, orders or
 * parcels to a simulator. `providers` maps each variable to the provider's own origin, or to null
 * for a variable that only ever names a stand-in (STRIPE_MOCK_URL).
 */
export function refuseSimulatorsInProduction(
  config: Record<string, unknown>,
  context: z.RefinementCtx,
  providers: Record<string, string | null>,
): void {
  if (config.NODE_ENV !== 'production' || config.ALLOW_SIMULATORS === true) return;
  for (const [name, origin] of Object.entries(providers)) {
    const value = config[name];
    if (typeof value !== 'string' || (origin !== null && new URL(value).origin === origin))
      continue;
    context.addIssue({
      code: 'custom',
      path: [name],
      message:
        origin === null
          ? 'names a simulator and is refused in production (ALLOW_SIMULATORS=true is for a local trial)'
          : `must be ${origin} in production, not a simulator (ALLOW_SIMULATORS=true is for a local trial)`,
    });
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses environment variables with a zod object schema, naming every bad variable at once.
 *
 * @example
 * const config = loadConfig(z.object({ ...baseConfigShape, PORT: baseConfigShape.PORT.default(4002) }), process.env);
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: Env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
  );
}

/**
 * The usual service config: the base settings with this service's port and database defaults,
 * plus its own variables.
 */
export function serviceConfigSchema<E extends z.ZodRawShape>(
  defaults: { port: number; database: string },
  extra: E,
) {
  return z
    .object({
      ...baseConfigShape,
      PORT: baseConfigShape.PORT.default(defaults.port),
      MONGO_DB: baseConfigShape.MONGO_DB.default(defaults.database),
      ...extra,
    })
    .superRefine((config, context) => requireInProduction(config, context, ['GATEWAY_SECRET']));
}

export type BaseConfig = z.infer<ReturnType<typeof serviceConfigSchema<Record<never, never>>>>;
