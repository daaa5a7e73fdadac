import { jetstream, jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectNats, ensureStream } from '@onvelope/service-kit/nats';
import { natsConnectOptions } from '@onvelope/service-kit/nats-connect-options';
import { startNatsCluster, type RunningNatsCluster } from '../src/index.js';

// Issue 40: the local cluster the multi-replica topology runs on.
describe('a local NATS JetStream cluster', () => {
  let cluster: RunningNatsCluster;
  let nc: NatsConnection;

  beforeAll(async () => {
    cluster = await startNatsCluster({ nodes: 3, env: process.env, log: () => {} });
    nc = await connect({
      ...natsConnectOptions(cluster.url),
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
    });
  }, 120_000);
  afterAll(async () => {
    await nc?.close();
    await cluster?.stop();
  });

  it("gives the streams a service ensures the deployment's copies, a work queue's too", async () => {
    const service = await connectNats(cluster.url, 'stream-copies-test', { streamReplicas: 3 });
    try {
      const queue = { name: 'CLUSTER_QUEUE', subjects: ['cluster.queue.>'], workQueue: true };
      await ensureStream(service, queue);
      const { config } = await (await jetstreamManager(service)).streams.info(queue.name);
      expect(config.num_replicas).toBe(3);
      expect(config.retention).toBe(RetentionPolicy.Workqueue);
    } finally {
      await service.close();
    }
  });

  it('keeps a stream of three replicas writable with a node down, and the node catches up', async () => {
    expect(cluster.url.split(',')).toHaveLength(3);
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({
      name: 'CLUSTER_TEST',
      subjects: ['cluster.test'],
      num_replicas: 3,
      storage: StorageType.File,
    });
    const js = jetstream(nc);
    await js.publish('cluster.test', 'one');

    const [down] = cluster.nodes;
    await down!.stop();
    expect(down!.running()).toBe(false);
    // Two of three nodes are a quorum: the stream still takes writes (after a leader moves).
    await expect
      .poll(
        async () =>
          js.publish('cluster.test', 'two', { msgID: 'two' }).then(
            () => true,
            () => false,
          ),
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);

    await down!.start();
    await expect
      .poll(
        async () => {
          const info = await jsm.streams.info('CLUSTER_TEST');
          const replicas = info.cluster?.replicas ?? [];
          return {
            messages: info.state.messages,
            current: replicas.filter((replica) => replica.current && !replica.offline).length,
          };
        },
        { timeout: 30_000, interval: 500 },
      )
      .toEqual({ messages: 2, current: 2 });
  }, 120_000);
});
