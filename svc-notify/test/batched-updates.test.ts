import { Schema, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestDatabase, uniqueDatabaseName } from '@onvelope/testkit';
import { batchedUpdates } from '../src/use-cases/batched-updates.js';

interface Job {
  _id: number;
  state: string;
}

/** The webhook sender's settling writes, against the real MongoDB-compatible server. */
describe('batchedUpdates', () => {
  let db: Connection;
  const bulkWrites: number[] = [];

  beforeAll(async () => {
    db = await connectTestDatabase(uniqueDatabaseName('notify_batched'));
    db.set('debug', (_collection: string, method: string, ...args: unknown[]) => {
      if (method === 'bulkWrite') bulkWrites.push((args[0] as unknown[]).length);
    });
  });

  afterAll(async () => {
    await db.close();
  });

  const jobs = (name: string) =>
    db.model<Job>(name, new Schema<Job>({ _id: Number, state: String }, { versionKey: false }));

  it('writes the updates made close together in one round trip, and each caller waits for its own', async () => {
    const model = jobs('JobTogether');
    await model.insertMany([1, 2, 3, 4, 5].map((_id) => ({ _id, state: 'pending' })));
    const update = batchedUpdates(model, { maxOps: 3, maxWaitMs: 50 });
    bulkWrites.length = 0;
    await Promise.all(
      [1, 2, 3, 4, 5].map(async (_id) => {
        await update({ _id, state: 'pending' }, { $set: { state: 'done' } });
        // Written by the time the caller goes on.
        expect((await model.findById(_id).lean())?.state).toBe('done');
      }),
    );
    expect(bulkWrites).toEqual([3, 2]);
  });

  it('writes a lone update after a short wait, and leaves alone what its filter no longer matches', async () => {
    const model = jobs('JobAlone');
    await model.insertMany([
      { _id: 1, state: 'pending' },
      { _id: 2, state: 'replayed' },
    ]);
    const update = batchedUpdates(model, { maxOps: 10, maxWaitMs: 20 });
    bulkWrites.length = 0;
    await Promise.all([
      update({ _id: 1, state: 'pending' }, { $set: { state: 'done' } }),
      update({ _id: 2, state: 'pending' }, { $set: { state: 'done' } }),
    ]);
    expect(bulkWrites).toEqual([2]);
    const states = await model.find().sort({ _id: 1 }).lean();
    expect(states.map(({ state }) => state)).toEqual(['done', 'replayed']);
  });

  it('fails every caller of a batch that cannot be written', async () => {
    const model = jobs('JobFailing');
    await model.insertMany([{ _id: 1, state: 'pending' }]);
    const update = batchedUpdates(model, { maxOps: 2, maxWaitMs: 1_000 });
    const results = await Promise.allSettled([
      update({ _id: 1 }, { $set: { state: 'done' } }),
      // `_id` cannot change: the server refuses the batch.
      update({ _id: 1 }, { $set: { _id: 9 } }),
    ]);
    expect(results.map(({ status }) => status)).toEqual(['rejected', 'rejected']);
  });
});
