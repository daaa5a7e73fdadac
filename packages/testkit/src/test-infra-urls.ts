import { inject } from 'vitest';
import type { ProvidedInfra, TestInfra } from './provided-context.js';

/**
 * The URLs of the run's MongoDB, NATS and stripe-mock (started once by the global setup). `natsUrl`
 * is this worker's own NATS account (`nats://w<i>:<password>@…`, chosen by `VITEST_POOL_ID`):
 * services of test files running at the same time in other workers cannot answer its commands or
 * take its events; files run one after another in this worker share it. Connect with the
 * service kit's `connectNats` or `natsConnectOptions(natsUrl)`: nats.js ignores credentials in a URL.
 *
 * @example
 * const { mongoUrl } = testInfra();
 * const service = await startService(startOrdersService, { MONGO_URL: mongoUrl });
 */
export function testInfra(): TestInfra {
  const infra = inject('infra');
  if (!infra) {
    throw new Error(
      'testInfra() needs the testkit global setup: run the tests with the root vitest.config.ts',
    );
  }
  const { mongoUrl, stripeMockUrl } = infra;
  return { mongoUrl, natsUrl: workerNatsUrl(infra), stripeMockUrl };
}

function workerNatsUrl({ natsUrl, natsAccountUrls }: ProvidedInfra): string {
  // A server given by NATS_URL or a container has no accounts: every file shares it.
  if (natsAccountUrls.length === 0) return natsUrl;
  const poolId = process.env.VITEST_POOL_ID;
  // Never wrap around: two workers running at once would share an account again.
  const url = natsAccountUrls[Number(poolId) - 1];
  if (!url) {
    throw new Error(
      `no NATS account for vitest worker VITEST_POOL_ID=${poolId}: the global setup made ` +
        `${natsAccountUrls.length}, one per worker vitest may run at once (see global-setup.ts)`,
    );
  }
  return url;
}
