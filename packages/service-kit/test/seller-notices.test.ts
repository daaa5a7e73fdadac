import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyerNoticeRequested,
  sellerNoticeRequested,
  type BuyerNotice,
  type PayloadOf,
} from '@onvelope/contracts';
import { connectTestDatabase, testInfra, uniqueDatabaseName } from '@onvelope/testkit';
import { createLogger } from '../src/observability/index.js';
import {
  connectNats,
  consumeEvents,
  type EventConsumer,
  type NatsConnection,
} from '../src/nats/index.js';
import { startSellerNotices } from '../src/seller-notices/index.js';

type Requested = PayloadOf<typeof sellerNoticeRequested>;
type BuyerRequested = PayloadOf<typeof buyerNoticeRequested>;
const log = createLogger('seller-notices-test', 'silent');
const HOUR_MS = 3_600_000;

describe('seller notices: stored, then published once (issue 34)', () => {
  const run = randomBytes(4).toString('hex');
  let db: Connection;
  let nc: NatsConnection;
  let consumer: EventConsumer;
  let buyerConsumer: EventConsumer;
  const seen: Requested[] = [];
  const seenForBuyers: BuyerRequested[] = [];

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
    buyerConsumer = await consumeEvents(
      nc,
      buyerNoticeRequested,
      `buyer-notices-test-${run}`,
      async ({ payload }) => {
        seenForBuyers.push(payload);
      },
      log,
      { startAt: 'new' },
    );
  });
  afterAll(async () => {
    await consumer?.stop();
    await buyerConsumer?.stop();
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

  const reply = (fields: Partial<BuyerNotice> = {}): BuyerNotice => ({
    kind: 'query_reply',
    queryId: `query-${run}`,
    replyId: 'reply-1',
    entryId: `entry-${run}`,
    orderNumber: '1001',
    customerName: 'Ada Lovelace',
    subject: 'Where is my parcel?',
    message: 'It has been a week.',
    reply: 'It left today.',
    ...fields,
  });

  it("publishes a buyer's notice once, with its address, as the buyer event of the same outbox", async () => {
    const notices = await startSellerNotices({ db, nats: nc, log, everyMs: HOUR_MS });
    try {
      const account = `account-${run}-e`;
      const noticeId = `orders:query_reply:${run}:1`;
      await notices.requestForBuyer(account, noticeId, 'ada@example.com', reply());
      await notices.requestForBuyer(account, noticeId, 'ada@example.com', reply());
      // A seller's notice beside it, from the same outbox, keeps its own event.
      await notices.request(account, `sync:failed:${run}:3`, {
        kind: 'sync_failed',
        storeName: null,
        reason: 'Timed out',
      });

      await expect
        .poll(() => seenForBuyers.filter((request) => request.accountId === account).length)
        .toBe(1);
      await expect.poll(() => seenFor(account).length).toBe(1);
      expect(seenForBuyers.filter((request) => request.accountId === account)).toEqual([
        {
          noticeId,
          accountId: account,
          requestedAt: expect.any(String),
          to: 'ada@example.com',
          notice: reply(),
        },
      ]);
      expect(seenFor(account)[0]).toMatchObject({ notice: { kind: 'sync_failed' } });
      await expect.poll(unpublished).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(seenForBuyers.filter((request) => request.noticeId === noticeId)).toHaveLength(1);
    } finally {
      await notices.stop();
    }
  });

  it("fits a buyer notice's long texts, and refuses one without an address", async () => {
    const notices = await startSellerNotices({ db, nats: nc, log, everyMs: HOUR_MS });
    try {
      const account = `account-${run}-f`;
      const noticeId = `orders:query_reply:${run}:2`;
      await notices.requestForBuyer(
        account,
        noticeId,
        'ada@example.com',
        reply({ reply: 'r'.repeat(6_000) }),
      );
      await expect
        .poll(() => seenForBuyers.filter((request) => request.noticeId === noticeId).length)
        .toBe(1);
      const published = seenForBuyers.find((request) => request.noticeId === noticeId)!;
      if (published.notice.kind !== 'query_reply') throw new Error('not a reply');
      expect(published.notice.reply).toBe(`${'r'.repeat(4_999)}…`);

      const before = await db.collection('seller_notice_outbox').countDocuments();
      await expect(
        notices.requestForBuyer(account, `orders:query_reply:${run}:3`, '', reply()),
      ).rejects.toThrow();
      expect(await db.collection('seller_notice_outbox').countDocuments()).toBe(before);
    } finally {
      await notices.stop();
    }
  });
});
