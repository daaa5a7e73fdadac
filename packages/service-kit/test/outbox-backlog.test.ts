import { Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testInfra, uniqueDatabaseName } from '@onvelope/testkit';
import { createMetrics } from '../src/observability/index.js';
import { connectDatabase } from '../src/mongo/index.js';
import { markedBacklog, sumBacklogs } from '../src/outbox/index.js';

/**
 * Issue 36: an operator sees an outbox fall behind. What each relay reports is read from its store:
 * the marked documents, and the earliest of their dates (or of their ObjectIds' creation times).
 */
describe('outbox backlogs', () => {
  let db: Connection;
  beforeAll(async () => {
    const metrics = createMetrics({ service: 'outbox-test', defaultMetrics: false });
    db = await connectDatabase(testInfra().mongoUrl, uniqueDatabaseName('outbox'), metrics);
  });
  afterAll(() => db.close());

  it('counts the marked documents and finds the oldest mark by a date field', async () => {
    const accounts = db.collection<{ _id: string; pendingPublish: boolean; updatedAt: Date }>(
      'accounts',
    );
    await accounts.insertMany([
      { _id: 'a', pendingPublish: true, updatedAt: new Date('2026-11-02T10:00:00Z') },
      { _id: 'b', pendingPublish: true, updatedAt: new Date('2026-11-01T09:00:00Z') },
      // Published long ago: neither counted nor the oldest.
      { _id: 'c', pendingPublish: false, updatedAt: new Date('2020-01-01T00:00:00Z') },
    ]);

    expect(await markedBacklog(accounts, { pendingPublish: true }, 'updatedAt')).toEqual({
      pending: 2,
      oldestAt: new Date('2026-11-01T09:00:00Z'),
    });
    expect(
      await markedBacklog(accounts, { pendingPublish: { $exists: false } }, 'updatedAt'),
    ).toEqual({ pending: 0, oldestAt: null });
  });

  it('takes the creation time of the oldest ObjectId when the records have no date', async () => {
    const records = db.collection<{ _id: Types.ObjectId }>('records');
    const first = Types.ObjectId.createFromTime(Date.parse('2026-11-03T08:00:00Z') / 1000);
    await records.insertMany([{ _id: new Types.ObjectId() }, { _id: first }]);

    expect(await markedBacklog(records, {}, '_id')).toEqual({
      pending: 2,
      oldestAt: new Date('2026-11-03T08:00:00Z'),
    });
  });

  it('adds the stores of one relay up, keeping the oldest of their oldest', () => {
    const early = new Date('2026-10-01T00:00:00Z');
    expect(
      sumBacklogs([
        { pending: 2, oldestAt: new Date('2026-11-01T00:00:00Z') },
        { pending: 0, oldestAt: null },
        { pending: 1, oldestAt: early },
      ]),
    ).toEqual({ pending: 3, oldestAt: early });
    expect(sumBacklogs([])).toEqual({ pending: 0, oldestAt: null });
  });
});
