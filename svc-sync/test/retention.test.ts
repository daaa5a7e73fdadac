import { jetstreamManager } from '@nats-io/jetstream';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingStream } from '@onvelope/contracts';
import { connectNats, ensureStream, type NatsConnection } from '@onvelope/service-kit/nats';
import { connectTestDatabase, testInfra, uniqueDatabaseName } from '@onvelope/testkit';
import {
  FINISHED_TRACKER_KEPT_SECONDS,
  finalCarrierStatuses,
  shipmentTrackerModel,
  shipmentTrackerStates,
} from '../src/data/shipment-tracker.model.js';

/**
 * Issue 40: what svc-sync keeps. Finished trackers are deleted by a TTL index (mongo-java-server
 * keeps the index's options but deletes nothing, so the test reads the index as `syncIndexes`
 * declares it at start and runs its filter against trackers of every kind), and the `TRACKING`
 * stream it publishes to drops reports after a fortnight.
 */

const DAY_SECONDS = 24 * 3_600;

let db: Connection;
let nats: NatsConnection;

beforeAll(async () => {
  db = await connectTestDatabase(uniqueDatabaseName('sync_retention'));
  nats = await connectNats(testInfra().natsUrl, 'sync-retention-test');
});

afterAll(async () => {
  await Promise.all([db?.close(), nats?.close()]);
});

describe('shipment trackers', () => {
  it('deletes a finished tracker 90 days after it was noted, past the 60-day tracking window', async () => {
    const model = shipmentTrackerModel(db);
    // After the test connection's own index build (autoIndex), so the two never race.
    await model.init();
    await model.syncIndexes();
    const ttl = (await model.collection.indexes()).filter(
      (index) => index.expireAfterSeconds !== undefined,
    );

    expect(ttl).toHaveLength(1);
    expect(ttl[0]!.key).toEqual({ createdAt: 1 });
    expect(ttl[0]!.expireAfterSeconds).toBe(90 * DAY_SECONDS);
    expect(FINISHED_TRACKER_KEPT_SECONDS).toBe(90 * DAY_SECONDS);

    // One tracker of every state with every carrier status (and none yet).
    const carrierStatuses = [null, 'pre_transit', 'in_transit', 'failure', ...finalCarrierStatuses];
    await model.collection.insertMany(
      shipmentTrackerStates.flatMap((state) =>
        carrierStatuses.map((carrierStatus) => ({
          state,
          carrierStatus,
          createdAt: new Date(0),
          shipmentKey: `${state}/${carrierStatus}`,
        })),
      ),
    );
    const matched = await model.collection
      .find(ttl[0]!.partialFilterExpression as Record<string, unknown>)
      .toArray();
    const finished = matched.map(({ state, carrierStatus }) => `${state}/${carrierStatus}`).sort();

    expect(finished).toEqual(
      [
        ...carrierStatuses.map((status) => `refused/${status}`),
        ...finalCarrierStatuses.map((status) => `registered/${status}`),
        ...finalCarrierStatuses.map((status) => `pending/${status}`),
      ].sort(),
    );
  });
});

describe('the TRACKING stream', () => {
  it('keeps carrier reports for 14 days', async () => {
    await ensureStream(nats, trackingStream);

    const { config } = await (await jetstreamManager(nats)).streams.info(trackingStream.name);

    expect(config.max_age).toBe(14 * DAY_SECONDS * 1e9);
  });
});
