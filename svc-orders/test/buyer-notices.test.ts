import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerNoticeRequested, type PayloadOf } from '@onvelope/contracts';
import { createLogger } from '@onvelope/service-kit/observability';
import { consumeEvents, type EventConsumer } from '@onvelope/service-kit/nats';
import { startSellerNotices } from '@onvelope/service-kit/seller-notices';
import { connectTestDatabase, uniqueDatabaseName } from '@onvelope/testkit';
import { orderQueryModel } from '../src/data/order-query.model.js';
import { queryMessages, replyToQuery } from '../src/use-cases/answer-order-queries.js';
import { startQueryNoticeSweep } from '../src/use-cases/query-notices.js';
import { startBuyerHarness, type BuyerHarness } from './buyer-support.js';

type Requested = PayloadOf<typeof buyerNoticeRequested>;
const log = createLogger('orders-buyer-notices-test', 'silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a seller's reply asks svc-notify to mail the buyer (issue 34)", () => {
  // Sellers of this run only: files run one after another in this worker share its NATS account.
  const run = randomBytes(4).toString('hex');
  const sellerA = `replies-a-${run}`;
  const sellerB = `replies-b-${run}`;
  let h: BuyerHarness;
  let consumer: EventConsumer;
  let tokenA: string;
  let tokenB: string;
  const seen: Requested[] = [];
  let orderSeq = 0;

  beforeAll(async () => {
    h = await startBuyerHarness({ QUERY_NOTICE_SWEEP_MS: '200' });
    tokenA = await h.issuer.merchantToken(sellerA);
    tokenB = await h.issuer.merchantToken(sellerB);
    consumer = await consumeEvents(
      h.nc,
      buyerNoticeRequested,
      `orders-buyer-notices-test-${run}`,
      async ({ payload }) => {
        if (payload.accountId.endsWith(run)) seen.push(payload);
      },
      log,
      { startAt: 'new' },
    );
  });
  afterAll(async () => {
    await consumer?.stop();
    await h?.stop();
  });

  const seenWithId = (noticeId: string) => seen.filter((request) => request.noticeId === noticeId);
  const queries = () => h.db.collection('order_queries');
  const outbox = () => h.db.collection('seller_notice_outbox');
  const noticeIdOf = (queryId: string, replyId: string) =>
    `orders:query_reply:${queryId}:${replyId}`;

  /** A query of seller A's buyer, sent as the tracking page sends it. */
  async function queryOfA(customerEmail = 'Ada@Example.com') {
    const orderNumber = `R-${run}-${++orderSeq}`;
    const { id: entryId } = await h.insertOrder({
      accountId: sellerA,
      orderNumber,
      email: 'ada@example.com',
    });
    const answer = await h.call('POST', '/api/order-queries', {
      body: {
        accountId: sellerA,
        customerName: 'Ada Lovelace',
        customerEmail,
        orderNumber,
        subject: 'Where is my parcel?',
        message: 'It has been a week.\nCould you check?',
      },
    });
    expect(answer.status).toBe(201);
    return { queryId: answer.body.query.id as string, entryId, orderNumber };
  }

  const reply = (queryId: string, message: string, token = tokenA) =>
    h.call('POST', `/api/public/seller-queries/${queryId}/reply`, { token, body: { message } });

  it("asks once per reply, for the query's buyer, with the reply and the question it answers", async () => {
    const { queryId, entryId, orderNumber } = await queryOfA();
    const first = await reply(queryId, 'It left our warehouse today.\nTracking: RM123');
    expect(first.status).toBe(200);
    // The seller is told the reply went: what became of the mail is svc-notify's history.
    expect(first.body.message).toBe(queryMessages.replySent);
    const replyId: string = first.body.query.replies[0].id;
    const noticeId = noticeIdOf(queryId, replyId);

    await expect.poll(() => seenWithId(noticeId).length).toBe(1);
    expect(seenWithId(noticeId)[0]).toEqual({
      noticeId,
      accountId: sellerA,
      requestedAt: expect.any(String),
      // The address the buyer gave with the query (it matched the order's), as the query keeps it
      // (the contract's email field trims and lower-cases it).
      to: 'ada@example.com',
      notice: {
        kind: 'query_reply',
        queryId,
        replyId,
        entryId,
        orderNumber,
        customerName: 'Ada Lovelace',
        subject: 'Where is my parcel?',
        message: 'It has been a week.\nCould you check?',
        reply: 'It left our warehouse today.\nTracking: RM123',
      },
    });
    const stored = await queries().findOne({ _id: new mongoose.Types.ObjectId(queryId) });
    expect(stored?.replies[0]).not.toHaveProperty('noticePending');

    // A follow-up is its own message; the first reply is not asked for again.
    const second = await reply(queryId, 'It arrives tomorrow.');
    expect(second.body.message).toBe(queryMessages.replySent);
    const secondId = noticeIdOf(queryId, second.body.query.replies[1].id);
    await expect.poll(() => seenWithId(secondId).length).toBe(1);
    expect(seenWithId(secondId)[0]!.notice).toMatchObject({ reply: 'It arrives tomorrow.' });

    // Several sweeps later each was still asked for once.
    await sleep(800);
    expect(seenWithId(noticeId)).toHaveLength(1);
    expect(seenWithId(secondId)).toHaveLength(1);
    expect(await outbox().countDocuments({ _id: { $in: [noticeId, secondId] } } as object)).toBe(2);
  });

  it("never asks about a reply seller B tried to send to seller A's query", async () => {
    const { queryId } = await queryOfA();
    const refused = await reply(queryId, 'Not mine', tokenB);
    expect(refused.status).toBe(404);
    await sleep(800);
    expect(seen.filter((request) => request.accountId === sellerB)).toEqual([]);
    expect(seen.filter((request) => request.notice.queryId === queryId)).toEqual([]);
    expect(await outbox().countDocuments({ accountId: sellerB })).toBe(0);
  });

  it('asks for a reply stored without asking, once however often the sweep finds it', async () => {
    // As if the process died between storing the reply and asking; its older reply was mailed
    // by svc-orders before this release and carries no flag: never asked for again.
    const _id = new mongoose.Types.ObjectId();
    const queryId = String(_id);
    const long = new Date(Date.now() - 60_000);
    await queries().insertOne({
      _id,
      accountId: sellerA,
      entryId: new mongoose.Types.ObjectId().toHexString(),
      orderNumber: `R-${run}-${++orderSeq}`,
      customerName: 'Ada Lovelace',
      customerEmail: 'ada@example.com',
      customerEmailKey: 'ada@example.com',
      subject: 'Where is my parcel?',
      message: 'It has been a week.',
      status: 'viewed',
      items: null,
      replies: [
        { id: 'before', message: 'Mailed long ago', sentAt: long },
        { id: 'pending', message: 'On its way', sentAt: long, noticePending: true },
      ],
      replyCount: 2,
      createdAt: long,
      updatedAt: long,
    });
    const noticeId = noticeIdOf(queryId, 'pending');
    await expect.poll(() => seenWithId(noticeId).length, { timeout: 10_000 }).toBe(1);
    expect(seenWithId(noticeId)[0]).toMatchObject({
      accountId: sellerA,
      to: 'ada@example.com',
      notice: { kind: 'query_reply', queryId, replyId: 'pending', reply: 'On its way' },
    });
    const flags = async () =>
      ((await queries().findOne({ _id }))?.replies as { noticePending?: boolean }[]).map(
        (stored) => stored.noticePending,
      );
    await expect.poll(flags).toEqual([undefined, undefined]);

    // Asked, but the flag was never cleared (a replica died in between): asked again, mailed once.
    await queries().updateOne(
      { _id, 'replies.id': 'pending' },
      { $set: { 'replies.$.noticePending': true, updatedAt: long } },
    );
    await expect.poll(flags, { timeout: 10_000 }).toEqual([undefined, undefined]);
    await sleep(800);
    expect(seenWithId(noticeId)).toHaveLength(1);
    expect(seenWithId(noticeIdOf(queryId, 'before'))).toEqual([]);
    expect(await outbox().countDocuments({ _id: noticeId } as object)).toBe(1);
  });

  it("keeps the reply and answers 'Reply sent' when asking fails, and the sweep asks later", async () => {
    const db = await connectTestDatabase(uniqueDatabaseName('orders-reply-notices'));
    try {
      const query = await orderQueryModel(db).create({
        accountId: sellerA,
        entryId: new mongoose.Types.ObjectId().toHexString(),
        orderNumber: `R-${run}-${++orderSeq}`,
        customerName: 'Ada Lovelace',
        customerEmail: 'ada@example.com',
        customerEmailKey: 'ada@example.com',
        subject: 'Where is my parcel?',
        message: 'Still waiting.',
        status: 'sent',
      });
      const queryId = String(query._id);
      const failing = {
        request: async () => {
          throw new Error('the outbox did not answer');
        },
        requestForBuyer: async () => {
          throw new Error('the outbox did not answer');
        },
      };
      const answer = await replyToQuery(
        { db, log, now: () => new Date(), notices: failing },
        sellerA,
        queryId,
        'It ships tomorrow.',
      );
      expect(answer.message).toBe(queryMessages.replySent);
      expect(answer.query.replies).toMatchObject([{ message: 'It ships tomorrow.' }]);
      const replyId = answer.query.replies[0]!.id;
      const stored = await db.collection('order_queries').findOne({ _id: query._id });
      expect(stored?.replies).toMatchObject([
        { id: replyId, message: 'It ships tomorrow.', noticePending: true },
      ]);

      // A replica's sweep, once the reply is older than its grace period, asks for it.
      const notices = await startSellerNotices({ db, nats: h.nc, log, everyMs: 3_600_000 });
      const sweep = startQueryNoticeSweep({
        db,
        notices,
        log,
        everyMs: 3_600_000,
        now: () => new Date(Date.now() + 60_000),
      });
      try {
        const noticeId = noticeIdOf(queryId, replyId);
        await expect.poll(() => seenWithId(noticeId).length).toBe(1);
        expect(seenWithId(noticeId)[0]).toMatchObject({
          accountId: sellerA,
          to: 'ada@example.com',
          notice: {
            kind: 'query_reply',
            queryId,
            replyId,
            message: 'Still waiting.',
            reply: 'It ships tomorrow.',
          },
        });
        await expect
          .poll(
            async () => (await db.collection('order_queries').findOne({ _id: query._id }))?.replies,
          )
          .toEqual([{ id: replyId, message: 'It ships tomorrow.', sentAt: expect.any(Date) }]);
      } finally {
        await sweep.stop();
        await notices.stop();
      }
    } finally {
      await db.dropDatabase();
      await db.close();
    }
  });
});
