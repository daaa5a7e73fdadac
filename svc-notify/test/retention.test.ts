import type { Connection, Model } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationStates, webhookDeliveryStates } from '@onvelope/contracts';
import { connectTestDatabase, uniqueDatabaseName } from '@onvelope/testkit';
import {
  notificationModel,
  SETTLED_NOTIFICATION_KEPT_SECONDS,
  settledNotificationStates,
} from '../src/data/notification.model.js';
import {
  SETTLED_DELIVERY_KEPT_SECONDS,
  settledWebhookDeliveryStates,
  webhookDeliveryModel,
} from '../src/data/webhook-delivery.model.js';

/**
 * Issue 40: settled messages and webhook deliveries are deleted by TTL indexes, work never is.
 * mongo-java-server keeps an index's `expireAfterSeconds` and `partialFilterExpression` but deletes
 * nothing (it has no TTL monitor), so these tests read the indexes as the service declares them
 * (`syncIndexes`, as its start does) and run each index's filter against one document of every
 * state: what the filter matches is what MongoDB's TTL monitor may delete.
 */

const DAY_SECONDS = 24 * 3_600;

let db: Connection;

beforeAll(async () => {
  db = await connectTestDatabase(uniqueDatabaseName('notify_retention'));
});

afterAll(async () => {
  await db.close();
});

interface TtlIndex {
  key: Record<string, number>;
  expireAfterSeconds: number;
  partialFilterExpression: Record<string, unknown>;
}

/** The collection's one TTL index, as the server lists it. */
async function ttlIndexOf(model: Model<never>): Promise<TtlIndex> {
  // After the test connection's own index build (autoIndex), so the two never race.
  await model.init();
  await model.syncIndexes();
  const ttl = (await model.collection.indexes()).filter(
    (index) => index.expireAfterSeconds !== undefined,
  );
  expect(ttl).toHaveLength(1);
  return ttl[0] as unknown as TtlIndex;
}

/** Which of the given states the index's filter matches, one stored document each. */
async function statesMatched(model: Model<never>, index: TtlIndex, states: readonly string[]) {
  await model.collection.insertMany(
    states.map((state) => ({
      state,
      updatedAt: new Date(0),
      createdAt: new Date(0),
      // Apart under either collection's unique key.
      accountId: 'acct-retention',
      entryId: state,
      endpointId: 'endpoint-retention',
      eventId: state,
    })),
  );
  const matched = await model.collection.find(index.partialFilterExpression).toArray();
  return matched.map((doc) => doc.state as string).sort();
}

describe('notifications', () => {
  it('deletes a sent, failed, suppressed or skipped message 400 days after its last change', async () => {
    const model = notificationModel(db) as unknown as Model<never>;
    const index = await ttlIndexOf(model);

    expect(index.key).toEqual({ updatedAt: 1 });
    expect(index.expireAfterSeconds).toBe(400 * DAY_SECONDS);
    expect(SETTLED_NOTIFICATION_KEPT_SECONDS).toBe(400 * DAY_SECONDS);
    expect(await statesMatched(model, index, notificationStates)).toEqual(
      ['failed', 'sent', 'skipped', 'suppressed'].sort(),
    );
  });

  it('keeps every state that is still work: queued for the sender, held for a digest', () => {
    // A new state must be placed on one side or the other.
    const work = notificationStates.filter(
      (state) => !(settledNotificationStates as readonly string[]).includes(state),
    );
    expect(work).toEqual(['queued', 'held']);
  });
});

describe('webhook deliveries', () => {
  it('deletes a succeeded or failed delivery 30 days after it settled, never a pending one', async () => {
    const model = webhookDeliveryModel(db) as unknown as Model<never>;
    const index = await ttlIndexOf(model);

    expect(index.key).toEqual({ updatedAt: 1 });
    expect(index.expireAfterSeconds).toBe(30 * DAY_SECONDS);
    expect(SETTLED_DELIVERY_KEPT_SECONDS).toBe(30 * DAY_SECONDS);
    expect(await statesMatched(model, index, webhookDeliveryStates)).toEqual([
      'failed',
      'succeeded',
    ]);
    expect(settledWebhookDeliveryStates).toEqual(['succeeded', 'failed']);
  });
});
