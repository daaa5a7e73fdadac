import type { QueryFilter, Model, UpdateQuery } from 'mongoose';

export interface BatchedUpdatesOptions {
  /** Updates written at once at the most: one batch is written as soon as it has this many. */
  maxOps: number;
  /** How long the first update of a batch waits for others before the batch is written. */
  maxWaitMs: number;
}

/**
 * Gathers `updateOne`s made close together into one unordered `bulkWrite`: a busy sender settles
 * dozens of jobs a second, and each round trip to MongoDB costs more than its update. Each caller's
 * promise settles once its batch is written (or rejects with the batch's error), so what a caller
 * does next still follows its write.
 *
 * @example
 * const update = batchedUpdates(deliveries, { maxOps: 32, maxWaitMs: 10 });
 * await update({ _id, leaseOwner }, { $set: { state: 'succeeded' } });
 */
export function batchedUpdates<Doc>(model: Model<Doc>, options: BatchedUpdatesOptions) {
  let pending: {
    filter: QueryFilter<Doc>;
    update: UpdateQuery<Doc>;
    done: (error?: unknown) => void;
  }[] = [];
  let timer: NodeJS.Timeout | undefined;

  async function flush() {
    clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    try {
      const writes = batch.map(({ filter, update }) => ({ updateOne: { filter, update } }));
      // mongoose types bulk writes by the driver's `Document`, which the models' interfaces are not.
      await model.bulkWrite(writes as Parameters<Model<Doc>['bulkWrite']>[0], { ordered: false });
      for (const { done } of batch) done();
    } catch (error) {
      for (const { done } of batch) done(error);
    }
  }

  return (filter: QueryFilter<Doc>, update: UpdateQuery<Doc>) =>
    new Promise<void>((resolve, reject) => {
      pending.push({
        filter,
        update,
        done: (error) => (error === undefined ? resolve() : reject(error)),
      });
      if (pending.length >= options.maxOps) void flush();
      else timer ??= setTimeout(() => void flush(), options.maxWaitMs);
    });
}
