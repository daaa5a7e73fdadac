import { startInfra, type Env, type InfraLog } from '@onvelope/infra';
import type { TestInfra } from './provided-context.js';

export interface RunningTestInfra extends TestInfra {
  /** 'containers' when MongoDB and NATS run in Docker through testcontainers. */
  kind: 'processes' | 'containers';
  /** With `natsAccounts` and local processes: the URL of NATS account i at index i - 1. */
  natsAccountUrls?: string[];
  stop(): Promise<void>;
}

const MONGO_IMAGE = 'mongo:7';
const NATS_IMAGE = 'nats:2.12';

/** True when a Docker (or compatible) engine answers. */
export async function dockerAvailable(): Promise<boolean> {
  const { getContainerRuntimeClient } = await import('testcontainers');
  try {
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts what tests need: with `TESTCONTAINERS=1` and a Docker engine, the real `mongo:7` and
 * `nats:2.12` images (stripe-mock stays a local process); otherwise local processes from
 * `@onvelope/infra` (which also honours MONGO_URL / NATS_URL / STRIPE_MOCK_URL). `natsAccounts`
 * gives the local nats-server that many isolated accounts (not the container, nor a NATS_URL).
 */
export async function startTestInfra(
  options: { env?: Env; log?: InfraLog; natsAccounts?: number } = {},
): Promise<RunningTestInfra> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((message: string) => process.stderr.write(`[testkit] ${message}\n`));
  if (env.TESTCONTAINERS === '1') {
    if (await dockerAvailable()) return startContainers(env, log);
    log('TESTCONTAINERS=1 but no Docker engine answers: using local processes instead');
  }
  const infra = await startInfra({ env, log, natsAccounts: options.natsAccounts });
  return { kind: 'processes', ...infra };
}

async function startContainers(env: Env, log: InfraLog): Promise<RunningTestInfra> {
  const { GenericContainer, Wait } = await import('testcontainers');
  log(`starting ${MONGO_IMAGE} and ${NATS_IMAGE} with testcontainers`);
  const [mongo, nats, stripe] = await Promise.all([
    new GenericContainer(MONGO_IMAGE)
      .withExposedPorts(27017)
      .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
      .start(),
    new GenericContainer(NATS_IMAGE)
      .withCommand(['-js'])
      .withExposedPorts(4222)
      .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
      .start(),
    startInfra({ parts: ['stripeMock'], env, log }),
  ]);
  return {
    kind: 'containers',
    mongoUrl: `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}`,
    natsUrl: `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`,
    stripeMockUrl: stripe.stripeMockUrl,
    stop: async () => {
      await Promise.all([mongo.stop(), nats.stop(), stripe.stop()]);
    },
  };
}
