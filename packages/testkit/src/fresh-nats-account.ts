import { beforeAll, inject } from 'vitest';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { natsConnectOptions } from '@onvelope/service-kit/nats-connect-options';
import { testInfra } from './test-infra-urls.js';

/**
 * Every service test file starts on an empty NATS account (vitest `setupFiles` of the node
 * project). Files that run one after another in a worker share its account, and a stream outlives
 * the file that filled it: a later file's service would make its durable consumer on it and first
 * work through every event the earlier files left (600 shipped orders of the bulk-action tests kept
 * live tracking's consumer busy registering their trackers for over 30 s). Only a worker's own
 * account is emptied; a shared server (NATS_URL, a container) is left alone, and so are component
 * tests in a browser-like environment (they start no service). It imports only what it uses: the
 * testkit's index also loads the benchmark helpers, which a browser-like environment cannot, and
 * the service kit's index loads Koa, mongoose and the rest, for every test file.
 */
beforeAll(async () => {
  if ('window' in globalThis || inject('infra').natsAccountUrls.length === 0) return;
  const nats = await connect({
    ...natsConnectOptions(testInfra().natsUrl),
    name: 'test-file-setup',
  });
  try {
    const jsm = await jetstreamManager(nats);
    const streams: string[] = [];
    for await (const stream of jsm.streams.names()) streams.push(stream);
    for (const stream of streams) await jsm.streams.delete(stream);
  } finally {
    await nats.close();
  }
});
