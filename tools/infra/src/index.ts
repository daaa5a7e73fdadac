import { JAEGER, NATS_SERVER, resolveGoBinary, STRIPE_MOCK } from './go-binary.js';
import { provisionMongoJavaServer, startMongo } from './mongo.js';
import { startNats } from './nats.js';
import { defaultDataDir, type Env } from './paths.js';
import { findOnPath, type InfraLog } from './process.js';
import type { RunningPart } from './running-part.js';
import { startStripeMock } from './stripe-mock.js';

export { freePort } from './free-port.js';
export { cacheDir, type Env } from './paths.js';
export { endWithThisProcess, type InfraLog } from './process.js';
export { MONGO_JAVA_SERVER_VERSION } from './mongo.js';
export const NATS_SERVER_VERSION = NATS_SERVER.version;
export const STRIPE_MOCK_VERSION = STRIPE_MOCK.version;
export const JAEGER_VERSION = JAEGER.version;
export { startJaeger, type RunningJaeger } from './jaeger.js';
export { startNatsCluster, type NatsNode, type RunningNatsCluster } from './nats-cluster.js';

export type InfraPart = 'mongo' | 'nats' | 'stripeMock';

export const ALL_PARTS: readonly InfraPart[] = ['mongo', 'nats', 'stripeMock'];

/** The URLs of the requested parts, plus `stop()`. */
export type Infra<P extends InfraPart = InfraPart> = {
  [K in P as `${K}Url`]: string;
} & ('nats' extends P
  ? {
      /**
       * Only with `natsAccounts`: the URL of account i at index i - 1
       * (`nats://w<i>:<password>@127.0.0.1:<port>`); `natsUrl` is then the bare address.
       */
      natsAccountUrls?: string[];
    }
  : unknown) & {
    /** Stops every process this call started (servers given by URL variables are left alone). */
    stop(): Promise<void>;
  };

export interface StartInfraOptions<P extends InfraPart = InfraPart> {
  /** Which parts to start; all by default. */
  parts?: readonly P[];
  /**
   * Keep data between runs (local use): MongoDB in an H2 file (`<dataDir>/mongo.h2`) or
   * `<dataDir>/mongod`, JetStream in `<dataDir>/nats`. Default false: in memory / temp dirs, as tests want.
   */
  persistent?: boolean;
  /** Default: `<repo>/.data` (gitignored). */
  dataDir?: string;
  /** Where MONGO_URL, NATS_URL, STRIPE_MOCK_URL, ONVELOPE_CACHE and PATH are read; default process.env. */
  env?: Env;
  /** Progress messages (what was found, what is being built); default: stderr. */
  log?: InfraLog;
  /**
   * Start NATS with this many isolated accounts (each with JetStream and its own user) instead of
   * one open account, so parallel test workers cannot answer or consume each other's messages.
   * Not applied to a NATS_URL server.
   */
  natsAccounts?: number;
}

const stderrLog: InfraLog = (message) => process.stderr.write(`[infra] ${message}\n`);

/**
 * Starts a MongoDB-compatible server, NATS with JetStream and stripe-mock on free loopback ports,
 * each taken from its URL variable, the PATH, or the project's cache (built on first use).
 *
 * @example
 * const infra = await startInfra({ parts: ['mongo', 'nats'] });
 * // infra.mongoUrl === 'mongodb://127.0.0.1:41021', infra.natsUrl === 'nats://127.0.0.1:38113'
 * await infra.stop();
 */
export async function startInfra<P extends InfraPart = InfraPart>(
  options: StartInfraOptions<P> = {},
): Promise<Infra<P>> {
  const parts: readonly InfraPart[] = options.parts ?? ALL_PARTS;
  const env = options.env ?? process.env;
  const log = options.log ?? stderrLog;
  const persistent = options.persistent ?? false;
  const dataDir = options.dataDir ?? defaultDataDir;

  // Filled by the starters and the loop below: `<part>Url` per part, and the NATS account URLs.
  const urls: Record<string, unknown> = {};
  const starters: Record<InfraPart, () => Promise<RunningPart>> = {
    mongo: () => startMongo({ persistent, dataDir, env, log }),
    nats: async () => {
      const nats = await startNats({
        persistent,
        dataDir,
        env,
        log,
        accounts: options.natsAccounts,
      });
      if (options.natsAccounts !== undefined && !env.NATS_URL)
        urls.natsAccountUrls = nats.accountUrls;
      return nats;
    },
    stripeMock: () => startStripeMock({ env, log }),
  };
  const results = await Promise.allSettled(parts.map((part) => starters[part]()));
  const started = results.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  const stop = async (): Promise<void> => {
    await Promise.all(started.map((part) => part.stop()));
  };
  const failures = results.flatMap((result) =>
    result.status === 'rejected' ? [result.reason as unknown] : [],
  );
  if (failures.length > 0) {
    await stop();
    throw failures.length === 1
      ? failures[0]
      : new AggregateError(failures, 'infrastructure did not start');
  }

  parts.forEach((part, index) => {
    const result = results[index];
    if (result?.status === 'fulfilled') urls[`${part}Url`] = result.value.url;
  });
  // The mapped type cannot be built key by key in a type-safe way; the loop above fills exactly its keys.
  return { ...urls, stop } as Infra<P>;
}

export interface ProvisionInfraOptions {
  parts?: readonly InfraPart[];
  env?: Env;
  log?: InfraLog;
}

/**
 * Downloads and builds whatever `startInfra` would need and does not find (used by CI to warm the
 * cache); starts nothing. Returns, per part, what will be used.
 */
export async function provisionInfra(
  options: ProvisionInfraOptions = {},
): Promise<Partial<Record<InfraPart, string>>> {
  const parts = options.parts ?? ALL_PARTS;
  const env = options.env ?? process.env;
  const log = options.log ?? stderrLog;
  const provisioners: Record<InfraPart, () => Promise<string>> = {
    mongo: async () => {
      if (env.MONGO_URL) return 'MONGO_URL';
      const mongod = await findOnPath('mongod', env);
      if (mongod) return mongod;
      return `mongo-java-server ${(await provisionMongoJavaServer(env, log)).classpath}`;
    },
    nats: async () => (env.NATS_URL ? 'NATS_URL' : resolveGoBinary(NATS_SERVER, env, log)),
    stripeMock: async () =>
      env.STRIPE_MOCK_URL ? 'STRIPE_MOCK_URL' : resolveGoBinary(STRIPE_MOCK, env, log),
  };
  const used = await Promise.all(
    parts.map(async (part) => [part, await provisioners[part]()] as const),
  );
  return Object.fromEntries(used);
}

export {
  findKubernetesTools,
  HELM_VERSION,
  KUBECONFORM_VERSION,
  KUBERNETES_SCHEMA_VERSION,
  provisionKubernetesTools,
  type KubernetesTools,
} from './kubernetes-tools.js';
export { stripeMockApiVersion } from './stripe-mock.js';
export { startSmtpSink, type CaughtMail, type SmtpSink } from './smtp-sink.js';
export { findHadolint, HADOLINT_VERSION, provisionHadolint } from './hadolint.js';

/** Builds Jaeger into the cache unless it is there or on the PATH (CI warms it); its path. */
export function provisionJaeger(
  env: Env = process.env,
  log: InfraLog = stderrLog,
): Promise<string> {
  return resolveGoBinary(JAEGER, env, log);
}
