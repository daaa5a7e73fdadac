import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TRACKING_ENTRY_EVENT_VERSION,
  type PayloadOf,
  type trackingEntryUpserted,
} from '@onvelope/contracts';
import { connectTestDatabase, uniqueDatabaseName } from '@onvelope/testkit';
import { orderFactModel, type OrderFactModel } from '../src/data/order-fact.model.js';
import { tallyModels, type TallyModels } from '../src/data/tally.model.js';
import { calendarCache } from '../src/domain/calendar.js';
import { applyFactChanges } from '../src/use-cases/apply-tally-changes.js';
import { forgetTrackingEntries } from '../src/use-cases/forget-tracking-entries.js';
import { recordTrackingEntryChanges } from '../src/use-cases/record-tracking-entry-changes.js';
import { recountTally } from '../src/use-cases/recount-tally.js';
import { readTallyRollups } from '../src/use-cases/refresh-rollup.js';

type Change = PayloadOf<typeof trackingEntryUpserted>['changes'][number];

const DAY = 86_400_000;
const calendarFor = calendarCache();
const london = calendarFor('Europe/London');
const today = london.localTime(new Date()).day;

/** A small deterministic generator (mulberry32), so a failing sequence can be run again. */
function randomOf(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  return { next, pick };
}

/** A random state of an order: every field the rollups read, spellings and cases mixed. */
function randomChange(
  random: ReturnType<typeof randomOf>,
  entryId: string,
  version: number,
): Change {
  const { next, pick } = random;
  const status = pick([
    'pending',
    'processing',
    'shipped',
    'partially_shipped',
    'delivered',
    'cancelled',
  ]);
  const orderDate = next() < 0.9 ? new Date(Date.now() - Math.floor(next() * 800 * DAY)) : null;
  const shippedAt = orderDate && next() < 0.7 ? new Date(orderDate.getTime() + DAY) : null;
  const deliveredAt =
    shippedAt && next() < 0.6
      ? new Date(shippedAt.getTime() + Math.floor(next() * 200) * 3_600_000)
      : null;
  return {
    entryId,
    orderNumber: `#${entryId}`,
    status,
    source: 'csv',
    orderDate: orderDate?.toISOString() ?? null,
    shippingCountry: pick(['GB', 'gb ', 'US', 'DE', null]),
    itemTotal: next() < 0.7 ? Math.round(next() * 10_000) / 100 : null,
    currency: pick(['GBP', 'USD', null]),
    version,
    changedAt: new Date().toISOString(),
    items: Array.from({ length: Math.floor(next() * 3) }, () => ({
      name: pick(['Mug', 'MUG ', 'Tea towel', 'Poster']),
      imageUrl: pick([null, 'https://img.test/mug.png', 'https://img.test/other.png']),
      quantity: 1 + Math.floor(next() * 3),
      price: next() < 0.5 ? Math.round(next() * 2_000) / 100 : null,
    })),
    customerEmail: pick(['ann@example.test', 'Ann@Example.test ', 'bob@example.test', null]),
    customerName: 'Buyer',
    courier: pick(['Royal Mail', 'royal mail', 'DHL', null]),
    shippedAt: shippedAt?.toISOString() ?? null,
    trackingNumber: shippedAt ? pick(['T1', 'T2']) : null,
    carrierStatus: deliveredAt ? 'delivered' : null,
    deliveredAt: deliveredAt?.toISOString() ?? null,
    estimatedDeliveryAt: shippedAt
      ? new Date(shippedAt.getTime() + Math.floor(next() * 5) * DAY).toISOString()
      : null,
  };
}

/**
 * The facts as a deletion sees them, with `meanwhile` run once right after its first read: another
 * consumer's change landing between the deletion's read and its write.
 */
function changedAfterFirstRead(
  facts: OrderFactModel,
  meanwhile: () => Promise<unknown>,
): OrderFactModel {
  let pending: (() => Promise<unknown>) | null = meanwhile;
  return new Proxy(facts, {
    get(target, property, receiver) {
      if (property !== 'find') return Reflect.get(target, property, receiver);
      return (...args: Parameters<OrderFactModel['find']>) => ({
        lean: async () => {
          const read = await target.find(...args).lean();
          const run = pending;
          pending = null;
          await run?.();
          return read;
        },
      });
    },
  });
}

describe('svc-analytics: tallies kept change by change', () => {
  let db: mongoose.Connection;
  let facts: OrderFactModel;
  let models: TallyModels;

  beforeAll(async () => {
    db = await connectTestDatabase(uniqueDatabaseName('tally'));
    facts = orderFactModel(db);
    models = tallyModels(db);
    await Promise.all([facts.init(), models.tallies.init(), models.customerTallies.init()]);
  });
  afterAll(async () => {
    await db.dropDatabase();
    await db.close();
  });

  const upsert = (accountId: string, changes: Change[]) =>
    applyFactChanges(models, calendarFor, accountId, () =>
      recordTrackingEntryChanges(facts, {
        eventVersion: TRACKING_ENTRY_EVENT_VERSION,
        accountId,
        changes,
      }),
    );
  const remove = (accountId: string, entryIds: string[]) =>
    applyFactChanges(models, calendarFor, accountId, () =>
      forgetTrackingEntries(facts, { accountId, entryIds, deletedAt: new Date().toISOString() }),
    );
  const rollupsOf = (accountId: string) => readTallyRollups(models, accountId, london, today);
  /** A first recount gives the seller a tally to keep: until then every change waits for one. */
  const startTally = (accountId: string) => recountTally(models, facts, accountId, london);
  const appliedExactly = async (accountId: string) =>
    expect((await models.tallies.findById(accountId).lean())?.recountAgain).toBe(false);

  it('gives the figures a recount from the facts gives, after any sequence of changes', async () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const seller = `random-seller-${seed}`;
      const random = randomOf(seed);
      await startTally(seller);
      const versions = new Map<string, number>();
      const sent: Change[] = [];
      for (let step = 0; step < 25; step += 1) {
        const entryIds = Array.from({ length: 1 + Math.floor(random.next() * 3) }, () =>
          random.pick(['a', 'b', 'c', 'd', 'e', 'f'].map((letter) => `${seller}-${letter}`)),
        );
        const roll = random.next();
        if (roll < 0.1) {
          await remove(seller, entryIds);
        } else if (roll < 0.25 && sent.length) {
          // Redelivered or late: changes already applied, or older than the facts.
          await upsert(
            seller,
            entryIds.map(() => random.pick(sent)),
          );
        } else {
          const changes = entryIds.map((entryId) => {
            const version = (versions.get(entryId) ?? 0) + 1;
            versions.set(entryId, version);
            return randomChange(random, entryId, version);
          });
          sent.push(...changes);
          await upsert(seller, changes);
        }
      }
      await appliedExactly(seller);
      const kept = await rollupsOf(seller);

      await recountTally(models, facts, seller, london);

      expect(kept, `seed ${seed}`).toEqual(await rollupsOf(seller));
    }
  });

  it('counts a redelivered message once', async () => {
    const seller = 'redelivered-seller';
    await startTally(seller);
    const random = randomOf(7);
    const changes = ['x', 'y', 'z'].map((letter) => randomChange(random, `${seller}-${letter}`, 1));
    await upsert(seller, changes);
    const once = await rollupsOf(seller);

    await upsert(seller, changes);
    await remove(seller, [`${seller}-x`]);
    await remove(seller, [`${seller}-x`]);

    const [withoutX] = [await rollupsOf(seller)];
    await recountTally(models, facts, seller, london);
    expect(withoutX).toEqual(await rollupsOf(seller));
    const statuses = (rollups: typeof once) =>
      rollups.shared.deliverySuccess.reduce((total, row) => total + row.orderCount, 0);
    expect(statuses(once)).toBe(3);
    expect(statuses(withoutX)).toBe(2);
  });

  it('loses no change when two replicas apply the same seller at once', async () => {
    const seller = 'replicated-seller';
    await startTally(seller);
    const random = randomOf(8);
    const replica = (name: string) =>
      (async () => {
        for (let message = 0; message < 10; message += 1) {
          await upsert(
            seller,
            Array.from({ length: 5 }, (_, n) =>
              randomChange(random, `${seller}-${name}-${message}-${n}`, 1),
            ),
          );
        }
      })();

    await Promise.all([replica('one'), replica('two')]);

    await appliedExactly(seller);
    const kept = await rollupsOf(seller);
    expect(kept.shared.deliverySuccess.reduce((total, row) => total + row.orderCount, 0)).toBe(100);
    await recountTally(models, facts, seller, london);
    expect(kept).toEqual(await rollupsOf(seller));
  });

  it("never touches another seller's tally", async () => {
    const [sellerA, sellerB] = ['tenant-a', 'tenant-b'];
    await Promise.all([startTally(sellerA), startTally(sellerB)]);
    const random = randomOf(9);
    await upsert(sellerB, [randomChange(random, 'tenant-b-order', 1)]);
    const tallyOfB = async () => ({
      seller: await models.tallies.findById(sellerB).select({ applying: 0 }).lean(),
      customers: await models.customerTallies.find({ accountId: sellerB }).lean(),
    });
    const before = await tallyOfB();

    // Seller A's changes, one of them naming B's entry, and A deleting B's entry.
    await upsert(sellerA, [
      randomChange(random, 'tenant-a-order', 1),
      randomChange(random, 'tenant-b-order', 2),
    ]);
    await remove(sellerA, ['tenant-b-order']);

    expect(await tallyOfB()).toEqual(before);
    expect((await rollupsOf(sellerA)).shared.deliverySuccess).toEqual([
      expect.objectContaining({ orderCount: 1 }),
    ]);
  });

  it('deletes an order whose change was written between the deletion reading and writing it', async () => {
    const seller = 'deleted-meanwhile-seller';
    await startTally(seller);
    const random = randomOf(10);
    const inserted = `${seller}-inserted`;
    const changed = `${seller}-changed`;
    await upsert(seller, [randomChange(random, changed, 1)]);
    // The two consumers race: a change inserts one entry and moves the other on a version after
    // the deletion read them, before it writes its tombstones.
    const racing = changedAfterFirstRead(facts, () =>
      recordTrackingEntryChanges(facts, {
        eventVersion: TRACKING_ENTRY_EVENT_VERSION,
        accountId: seller,
        changes: [randomChange(random, inserted, 1), randomChange(random, changed, 2)],
      }),
    );

    await applyFactChanges(models, calendarFor, seller, () =>
      forgetTrackingEntries(racing, {
        accountId: seller,
        entryIds: [inserted, changed],
        deletedAt: new Date().toISOString(),
      }),
    );

    const stored = await facts.find({ accountId: seller }).lean();
    expect(stored.map((fact) => [fact._id, fact.deletedAt !== null])).toEqual(
      expect.arrayContaining([
        [inserted, true],
        [changed, true],
      ]),
    );
    await recountTally(models, facts, seller, london);
    expect((await rollupsOf(seller)).shared.deliverySuccess).toEqual([]);
  });
});
