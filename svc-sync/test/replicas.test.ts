import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testInfra } from '@onvelope/testkit';
import { startSyncWorld, type Seller, type SyncWorld } from './support.js';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

interface JobRecord {
  status: string;
  workers: string[];
  deliveries: number;
  progress: { pagesProcessed: number; syncedCount: number; ordersProcessed: number };
}

describe('sync jobs shared by several replicas', () => {
  let world: SyncWorld;
  let seller: Seller;
  let stores: string[];
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    world = await startSyncWorld({
      stores: [
        { ordersCount: 1000, storeName: 'Big Store' },
        { ordersCount: 300, storeName: 'Second Store' },
        { ordersCount: 300, storeName: 'Third Store' },
      ],
      // The first replica answers HTTP only, so the test decides which replica runs each job.
      syncEnv: { SYNC_CONCURRENCY: '0' },
    });
    stores = world.sim.stores.map((store) => store.accountId);
    seller = await world.seller('replica-seller');
  });
  afterEach(async () => {
    child?.kill('SIGKILL');
    child = undefined;
    await world.sim.clearFaults();
  });
  afterAll(() => world?.close());

  const jobs = () => world.syncDb.collection<JobRecord>('sync_jobs');

  it('finishes a job on another replica when its worker dies mid-sync, with no duplicate and no gap', async () => {
    const connectionId = await world.connect(seller, stores[0]!);
    child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', main], {
      env: {
        ...process.env,
        ...world.syncEnv,
        MONGO_URL: testInfra().mongoUrl,
        PORT: '0',
        LOG_LEVEL: 'silent',
        SYNC_CONCURRENCY: '1',
      },
      stdio: 'ignore',
    });
    await world.sim.setFaults({ delay: { ms: 150, match: '/orders' } });
    const started = await seller.post(`/api/bigcartel/connections/${connectionId}/sync-all`);
    expect(started.status).toBe(202);
    await expect
      .poll(async () => (await jobs().findOne({}))?.progress.pagesProcessed ?? 0, {
        timeout: 30_000,
        interval: 50,
      })
      .toBeGreaterThanOrEqual(3);
    child.kill('SIGKILL');
    const killedAt = (await jobs().findOne({}))!.progress.pagesProcessed;
    expect(killedAt).toBeLessThan(10);

    await world.startReplica({ SYNC_CONCURRENCY: '1' });
    const progress = await world.waitForSync(seller, connectionId, 30_000);
    expect(progress).toMatchObject({
      syncStatus: 'completed',
      progress: { ordersProcessed: 1000, syncedCount: 1000, pagesProcessed: 10, totalOrders: 1000 },
    });
    const job = (await jobs().findOne({}))!;
    expect(new Set(job.workers).size).toBe(2);
    const stored = await world.storedOrders(seller.accountId);
    expect(stored).toHaveLength(1000);
    expect(new Set(stored.map((entry) => entry.storeFrontKey)).size).toBe(1000);
  }, 90_000);

  it('splits two jobs between two replicas', async () => {
    await world.startReplica({ SYNC_CONCURRENCY: '1' });
    const second = await world.connect(seller, stores[1]!);
    const third = await world.connect(seller, stores[2]!);
    await world.sim.setFaults({ delay: { ms: 100, match: '/orders' } });
    await seller.post(`/api/bigcartel/connections/${second}/sync-all`);
    await seller.post(`/api/bigcartel/connections/${third}/sync-all`);
    await world.waitForSync(seller, second);
    await world.waitForSync(seller, third);

    const finished = await jobs()
      .find({ connectionId: { $in: [second, third] } })
      .toArray();
    expect(finished.map((job) => job.status)).toEqual(['completed', 'completed']);
    expect(finished.every((job) => job.workers.length === 1)).toBe(true);
    expect(finished[0]!.workers[0]).not.toBe(finished[1]!.workers[0]);
  }, 60_000);
});
