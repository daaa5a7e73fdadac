import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerNoticeRequested, type PayloadOf } from '@onvelope/contracts';
import { createLogger } from '@onvelope/service-kit/observability';
import { consumeEvents, type EventConsumer } from '@onvelope/service-kit/nats';
import { startSellerNotices } from '@onvelope/service-kit/seller-notices';
import { connectTestDatabase, uniqueDatabaseName } from '@onvelope/testkit';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';
import { sendOrderQuery } from '../src/use-cases/send-order-query.js';
import { startQueryNoticeSweep } from '../src/use-cases/query-notices.js';
import { startBuyerHarness, type BuyerHarness } from './buyer-support.js';

type Requested = PayloadOf<typeof sellerNoticeRequested>;
const log = createLogger('orders-notices-test', 'silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a buyer's query asks svc-notify to tell the seller (issue 34)", () => {
  // Sellers of this run only: files run one after another in this worker share its NATS account.
  const run = randomBytes(4).toString('hex');
  const sellerA = `notices-a-${run}`;
  const sellerB = `notices-b-${run}`;
  let h: BuyerHarness;
  let consumer: EventConsumer;
  const seen: Requested[] = [];
  let orderSeq = 0;

  beforeAll(async () => {
    h = await startBuyerHarness({ QUERY_NOTICE_SWEEP_MS: '200' });
    consumer = await consumeEvents(
      h.nc,
      sellerNoticeRequested,
      `orders-notices-test-${run}`,
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

  const seenFor = (accountId: string) => seen.filter((request) => request.accountId === accountId);
  const seenWithId = (noticeId: string) => seen.filter((request) => request.noticeId === noticeId);
  const queries = () => h.db.collection('order_queries');
  const outbox = () => h.db.collection('seller_notice_outbox');

  async function orderOf(accountId: string, fields: Record<string, unknown> = {}) {
    const orderNumber = `N-${run}-${++orderSeq}`;
    await h.insertOrder({ accountId, orderNumber, email: 'ada@example.com', ...fields });
    return orderNumber;
  }

  const send = (body: Record<string, unknown>) => h.call('POST', '/api/order-queries', { body });

  /** A query as a process stored it before it died, without asking for the seller's message. */
  async function storedWithoutAsking(fields: Record<string, unknown>) {
    const _id = new mongoose.Types.ObjectId();
    const createdAt = new Date(Date.now() - 60_000);
    await queries().insertOne({
      _id,
      accountId: sellerA,
      entryId: new mongoose.Types.ObjectId().toHexString(),
      orderNumber: `N-${run}-${++orderSeq}`,
      customerName: 'Ada Lovelace',
      customerEmail: 'ada@example.com',
      customerEmailKey: 'ada@example.com',
      subject: 'Where is my parcel?',
      message: 'It has been a week.',
      status: 'sent',
      items: null,
      replies: [],
      replyCount: 0,
      sellerNoticePending: true,
      createdAt,
      updatedAt: createdAt,
      ...fields,
    });
    return String(_id);
  }

  it('asks once, for the seller of the order, with the query as the buyer sent it', async () => {
    const orderNumber = await orderOf(sellerA);
    const answer = await send({
      accountId: sellerA,
      customerName: 'Ada Lovelace',
      customerEmail: 'ada@example.com',
      orderNumber,
      subject: 'Where is my parcel?',
      message: 'It has been a week since I ordered.\nCould you check?',
    });
    expect(answer.status).toBe(201);
    const queryId: string = answer.body.query.id;
    const noticeId = `orders:buyer_query:${queryId}`;

    await expect.poll(() => seenWithId(noticeId).length).toBe(1);
    expect(seenWithId(noticeId)[0]).toEqual({
      noticeId,
      accountId: sellerA,
      requestedAt: expect.any(String),
      notice: {
        kind: 'buyer_query',
        queryId,
        orderNumber,
        customerName: 'Ada Lovelace',
        customerEmail: 'ada@example.com',
        subject: 'Where is my parcel?',
        message: 'It has been a week since I ordered.\nCould you check?',
      },
    });
    const stored = await queries().findOne({ _id: new mongoose.Types.ObjectId(queryId) });
    expect(stored).not.toHaveProperty('sellerNoticePending');
    // Several sweeps later it was still asked for once.
    await sleep(800);
    expect(seenWithId(noticeId)).toHaveLength(1);
    expect(await outbox().countDocuments({ _id: noticeId } as object)).toBe(1);
  });

  it("never asks seller B about a query filed under seller A's order", async () => {
    // Both sellers have an order with this number, for different buyers.
    const orderNumber = await orderOf(sellerA, { email: 'buyer-of-a@example.com' });
    await h.insertOrder({ accountId: sellerB, orderNumber, email: 'buyer-of-b@example.com' });
    const before = { a: seenFor(sellerA).length, b: seenFor(sellerB).length };
    const query = {
      customerEmail: 'buyer-of-a@example.com',
      orderNumber,
      subject: 'Wrong size',
      message: 'Can I swap it?',
    };

    const toA = await send({ ...query, accountId: sellerA });
    expect(toA.status).toBe(201);
    // The same buyer naming seller B: B has no such order for them, so no query and no notice.
    const toB = await send({ ...query, accountId: sellerB });
    expect(toB.status).toBe(404);

    await expect.poll(() => seenFor(sellerA).length).toBe(before.a + 1);
    await sleep(800);
    expect(seenFor(sellerB)).toHaveLength(before.b);
    expect(seenFor(sellerA).at(-1)?.notice).toMatchObject({ queryId: toA.body.query.id });
    expect(await outbox().countDocuments({ accountId: sellerB })).toBe(before.b);
  });

  it("fits a long name or order number from the order to the contract's limits", async () => {
    const longName = 'Ada'.repeat(100);
    const orderNumber = `N-${run}-${'9'.repeat(300)}`;
    await h.insertOrder({
      accountId: sellerA,
      orderNumber,
      email: 'ada@example.com',
      firstName: longName,
      lastName: 'Lovelace',
    });
    // Sent without a name: the query takes the (long) name on the order.
    const answer = await send({
      accountId: sellerA,
      customerEmail: 'ada@example.com',
      orderNumber,
      subject: 'Where is my parcel?',
      message: 'Hello',
    });
    expect(answer.status).toBe(201);
    const noticeId = `orders:buyer_query:${answer.body.query.id}`;
    await expect.poll(() => seenWithId(noticeId).length).toBe(1);
    const notice = seenWithId(noticeId)[0]!.notice;
    if (notice.kind !== 'buyer_query') throw new Error(`not a buyer query: ${notice.kind}`);
    // The query keeps the whole name; the notice holds what the contract allows, cut visibly.
    expect(answer.body.query.customerName).toBe(`${longName} Lovelace`);
    expect(notice.customerName).toBe(`${longName.slice(0, 199)}…`);
    expect(notice.orderNumber).toBe(`${orderNumber.slice(0, 199)}…`);
  });

  it("cuts a message longer than the contract's limit to it, ending in an ellipsis", async () => {
    // Written before the spec's 500-character limit, or by an import: not refused, shortened.
    const message = `${'It has been a week. '.repeat(300)}End.`;
    const queryId = await storedWithoutAsking({ message });
    const noticeId = `orders:buyer_query:${queryId}`;

    await expect.poll(() => seenWithId(noticeId).length, { timeout: 10_000 }).toBe(1);
    const notice = seenWithId(noticeId)[0]!.notice;
    if (notice.kind !== 'buyer_query') throw new Error(`not a buyer query: ${notice.kind}`);
    expect(notice.message).toHaveLength(5_000);
    expect(notice.message).toBe(`${message.slice(0, 4_999)}…`);
    // The stored query keeps the whole message for the seller's inbox.
    const stored = await queries().findOne({ _id: new mongoose.Types.ObjectId(queryId) });
    expect(stored?.message).toBe(message);
  });

  it('asks for a query stored without its notice, once however often the sweep finds it', async () => {
    // As if the process died between storing the query and asking for the seller's message.
    const queryId = await storedWithoutAsking({});
    const noticeId = `orders:buyer_query:${queryId}`;
    await expect.poll(() => seenWithId(noticeId).length, { timeout: 10_000 }).toBe(1);
    expect(seenWithId(noticeId)[0]).toMatchObject({
      accountId: sellerA,
      notice: { kind: 'buyer_query', queryId, subject: 'Where is my parcel?' },
    });
    const _id = new mongoose.Types.ObjectId(queryId);
    await expect
      .poll(async () => (await queries().findOne({ _id }))?.sellerNoticePending)
      .toBeUndefined();

    // Asked, but the flag was never cleared (a replica died in between): asked again, mailed once.
    await queries().updateOne({ _id }, { $set: { sellerNoticePending: true } });
    await expect
      .poll(async () => (await queries().findOne({ _id }))?.sellerNoticePending, {
        timeout: 10_000,
      })
      .toBeUndefined();
    await sleep(800);
    expect(seenWithId(noticeId)).toHaveLength(1);
    expect(await outbox().countDocuments({ _id: noticeId } as object)).toBe(1);
  });

  it("keeps the buyer's query when asking for the seller's message fails, and asks later", async () => {
    const db = await connectTestDatabase(uniqueDatabaseName('orders-notices'));
    try {
      const orderNumber = `N-${run}-${++orderSeq}`;
      await trackingEntryModel(db).create({
        accountId: sellerA,
        orderNumber,
        source: 'csv',
        status: 'pending',
        email: 'ada@example.com',
        postcode: 'SW1A 1AA',
      });
      const deps = {
        db,
        log,
        now: () => new Date(),
        settings: {
          publicSiteUrl: 'https://onvelope.test',
          lookupMaxFailuresPerOrder: 10,
          lookupMaxFailuresPerIp: 30,
          queryMaxPerIp: 10,
          authTimeoutMs: 2_000,
        },
        notices: {
          request: async () => {
            throw new Error('the outbox did not answer');
          },
          requestForBuyer: async () => {
            throw new Error('the outbox did not answer');
          },
        },
      };
      const answer = await sendOrderQuery(
        deps,
        {
          accountId: sellerA,
          customerName: 'Ada Lovelace',
          customerEmail: 'ada@example.com',
          orderNumber,
          subject: 'Where is my parcel?',
          message: 'Still waiting.',
        },
        '198.51.100.200',
      );
      expect(answer.message).toBe('Query sent successfully!');
      const queryId = answer.query.id;
      const stored = await db
        .collection('order_queries')
        .findOne({ _id: new mongoose.Types.ObjectId(queryId) });
      expect(stored).toMatchObject({ accountId: sellerA, sellerNoticePending: true });

      // A replica's sweep, once the query is older than its grace period, asks for it.
      const notices = await startSellerNotices({ db, nats: h.nc, log, everyMs: 3_600_000 });
      const sweep = startQueryNoticeSweep({
        db,
        notices,
        log,
        everyMs: 3_600_000,
        now: () => new Date(Date.now() + 60_000),
      });
      try {
        const noticeId = `orders:buyer_query:${queryId}`;
        await expect.poll(() => seenWithId(noticeId).length).toBe(1);
        expect(seenWithId(noticeId)[0]).toMatchObject({
          accountId: sellerA,
          notice: { kind: 'buyer_query', queryId, orderNumber, message: 'Still waiting.' },
        });
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
