import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

// Workspace packages export `source` -> src/index.ts, so tests run on TypeScript sources without
// a build. Vite resolves node-side tests with the `ssr` conditions (and vitest hands the same list to
// the workers as `--conditions`); browser-like environments (jsdom) use `resolve.conditions`.
// Vitest drops `module` from the server defaults, so do we.
const serverConditions = [
  'source',
  ...defaultServerConditions.filter((condition) => condition !== 'module'),
];
const shared = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: serverConditions, externalConditions: ['source'] } },
} satisfies ViteUserConfig;

const ignored = ['**/node_modules/**', '**/dist/**'];

/** How the browser suites run (the `e2e` and `e2e-cluster` projects). */
const browserSuite = {
  environment: 'node',
  testTimeout: 120_000,
  hookTimeout: 300_000,
  // One browser and one composed system at a time: the machines have two cores. The files run in
  // one process that keeps its modules between them, so the composed system most files share is
  // started once a run (shell/e2e/support.ts, `composedSiteForFile`).
  fileParallelism: false,
  isolate: false,
  maxWorkers: 1,
  // Inside a file, tests that share nothing run side by side (`describe.concurrent`): a browser
  // test mostly waits on pages, the services and the spec's pauses. Three at a time fill two cores
  // without starving any page (vitest's default is five). Such a test takes `expect` from its
  // context for `expect.poll`, which must know whose test it is.
  maxConcurrency: 3,
} as const;

/**
 * What runs against the cluster topology (the `e2e-cluster` project): the fault run, the probes of
 * every route (every service through both gateways), and browser files reaching the buyers' portal
 * (svc-auth, svc-orders), an order shipped and corrected (svc-sync registers its tracker), buyer
 * mail (svc-notify) and the analytics page (svc-analytics); svc-billing's state is every seller's
 * paywall in all of them.
 */
const clusterFiles = [
  'tools/run/test/e2e/cluster.e2e.test.ts',
  'shell/e2e/api-probes.e2e.test.ts',
  'shell/e2e/buyers.e2e.test.ts',
  'shell/e2e/notifications.e2e.test.ts',
  'shell/e2e/analytics.e2e.test.ts',
  'shell/e2e/order-corrections.e2e.test.ts',
];

export default defineConfig({
  ...shared,
  // Where vitest keeps each file's last duration, which it runs the slowest files first by. CI
  // points it into its cache in $HOME (.ci/run): a fresh clone would otherwise start without it and
  // order the files by size, leaving the long service files for the end of the run.
  ...(process.env.VITEST_CACHE_DIR ? { cacheDir: process.env.VITEST_CACHE_DIR } : {}),
  test: {
    // Declared once at the root, not per project: vitest runs the root project's global setup once
    // and hands what it provides to every project (a per-project copy would start it again).
    globalSetup: ['./packages/testkit/src/global-setup.ts'],
    projects: [
      {
        ...shared,
        test: {
          name: 'node',
          environment: 'node',
          include: ['**/*.test.{ts,tsx}'],
          exclude: [...ignored, '**/e2e/**', '**/*.e2e.test.ts'],
          // Each file starts on an empty NATS account (what earlier files of its worker left is gone).
          setupFiles: ['./packages/testkit/src/fresh-nats-account.ts'],
          // Vitest's default keeps a core for itself (one worker on a two-core machine), but the main
          // process only collects results while a worker waits on its servers: one worker a core ran
          // svc-auth, svc-billing and svc-analytics (45 files) in 98 s instead of 156 s.
          maxWorkers: availableParallelism(),
          // A worker keeps its modules from one file to the next instead of importing them all
          // again for each (the services, mongoose, Koa, nodemailer, React): the node files' import
          // time went from 99 s to 22 s, and the project's wall time from ~300 s to 219 s. Each
          // file still starts on an empty NATS account (above) and its own databases; no test
          // mocks a module or leaves a global stubbed (vi.unstubAllGlobals after each stub).
          isolate: false,
          // Different worker counts cannot share a group: the browser files run after these.
          sequence: { groupOrder: 0 },
          // Service tests boot real services against real servers on a shared two-core machine.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        ...shared,
        test: {
          ...browserSuite,
          name: 'e2e',
          include: ['**/e2e/**/*.e2e.test.ts'],
          exclude: [...ignored, ...clusterFiles],
          sequence: { groupOrder: 1 },
        },
      },
      {
        ...shared,
        test: {
          // Issue 40: production's topology (two replicas of every service and of the gateway, a
          // three-node NATS JetStream cluster) under the fault run, and under the probe suite and
          // the browser files that together reach every service, instead of the single topology.
          // A cluster starts in ~9 s against ~4 s for one of each: the rest of the browser suite
          // stays on the single topology to keep the run short.
          ...browserSuite,
          name: 'e2e-cluster',
          include: clusterFiles,
          exclude: ignored,
          env: { E2E_TOPOLOGY: 'cluster' },
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
