import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerNoticeRequested, type PayloadOf } from '@onvelope/contracts';
import { connectTestDatabase, testInfra, uniqueDatabaseName } from '@onvelope/testkit';
import {
  connectNats,
  consumeEvents,
  createLogger,
  startSellerNotices,
  type EventConsumer,
  type NatsConnection,
} from '../src/index.js';

type Requested = PayloadOf<typeof sellerNoticeRequested>;
const log = createLogger('seller-notices-test', 'silent');
const HOUR_MS = 3_600_000;

describe('seller notices: stored, then published once (issue 34)', () => {
  const run = randomBytes(4).toString('hex');
  let db: Connection;
  let nc: NatsConnection;
  let consumer: EventConsumer;
  const seen: Requested[] = [];

  beforeAll(async () => {
    db = await connectTestDatabase(uniqueDatabaseName('notices'));
    nc = await connectNats(testInfra().natsUrl, 'seller-notices-test');
    consumer = await consumeEvents(
      nc,
      sellerNoticeRequested,
      `seller-notices-test-${run}`,
      async ({ payload }) => {
        seen.push(payload);
      },
      log,
      { startAt: 'new' },
    );
  });
  afterAll(async () => {
    await consumer?.stop();
    await nc?.close();
    await db?.close();
  });

  const seenFor = (accountId: string) => seen.filter((request) => request.accountId === accountId);
  const unpublished = () =>
    db.collection('seller_notice_outbox').countDocuments({ publishedAt: null });

  it('publishes each notice once however often it is asked for, to its own account', async () => {
    const notices = await startSellerNotices({ db, nats: nc, log, everyMs: HOUR_MS });
    try {
      const account = `account-${run}-a`;
      const other = `account-${run}-b`;
      const failed = { kind: 'sync_failed', storeName: 'Teapots', reason: 'Timed out' } as const;
      await notices.request(account, `sync:failed:${run}:1`, failed);
      await notices.request(account, `sync:failed:${run}:1`, failed);
      await notices.request(other, `sync:failed:${run}:2`, { ...failed, storeName: null });

      await expect.poll(() => seenFor(account).length + seenFor(other).length).toBe(2);
      expect(seenFor(account)).toEqual([
        expect.objectContaining({ noticeId: `sync:failed:${run}:1`, notice: failed }),
      ]);
      expect(seenFor(other)).toEqual([
        expect.objectContaining({ noticeId: `sync:failed:${run}:2` }),
      ]);
      await expect.poll(unpublished).toBe(0);
    } finally {
      await notices.stop();
    }
  });

  it('refuses a notice that breaks the contract and stores nothing', async () => {
    const notices = await startSellerNotices({ db, nats: nc, log, everyMs: HOUR_MS });
    try {
      const before = await db.collection('seller_notice_outbox').countDocuments();
      await expect(
        notices.request(`account-${run}-c`, `bad:${run}`, {
          kind: 'trial_ending',
          trialEnd: 'next week',
        }),
      ).rejects.toThrow();
      expect(await db.collection('seller_notice_outbox').countDocuments()).toBe(before);
    } finally {
      await notices.stop();
    }
  });

  it('publishes at start what an instance stored but did not publish before it stopped', async () => {
    const account = `account-${run}-d`;
    const stopped = await startSellerNotices({ db, nats: nc, log, everyMs: HOUR_MS });
    await stopped.stop();
    // Stored after its relay stopped: what a process that ended mid-way leaves behind.
    await stopped.request(account, `billing:trial_ended:${run}`, {
      kind: 'trial_ended',
      trialEnd: '2026-11-01T00:00:00.000Z',
    });
    expect(await unpublished()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seenFor(account)).toEqual([]);

    const next = await startSellerNotices({ db, nats: nc, log, everyMs: HOUR_MS });
    try {
      await expect.poll(() => seenFor(account).length).toBe(1);
      await expect.poll(unpublished).toBe(0);
    } finally {
      await next.stop();
    }
  });
});
