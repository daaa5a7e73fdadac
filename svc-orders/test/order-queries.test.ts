import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerMessages } from '@onvelope/contracts';
import { startBuyerHarness, type BuyerHarness } from './buyer-support.js';

describe('buyer queries and the seller inbox', () => {
  let h: BuyerHarness;
  let sellerA: string;
  let sellerB: string;
  let orderSeq = 0;

  beforeAll(async () => {
    h = await startBuyerHarness();
    h.directory.sellers.set('q-a', { name: 'Teapots Ltd', website: null });
    sellerA = await h.issuer.merchantToken('q-a');
    sellerB = await h.issuer.merchantToken('q-b');
  });
  afterAll(() => h?.stop());

  /** An order of seller A for `email`, and a valid query body for it. */
  async function orderFor(email: string, fields: Record<string, unknown> = {}) {
    const orderNumber = `Q-${++orderSeq}`;
    await h.insertOrder({ accountId: 'q-a', orderNumber, email, ...fields });
    return {
      accountId: 'q-a',
      customerName: 'Ada Lovelace',
      customerEmail: email,
      orderNumber,
      subject: 'Where is my parcel?',
      message: 'It has been a week since I ordered.',
    };
  }

  const send = (body: Record<string, unknown>, ip?: string) =>
    h.call('POST', '/api/order-queries', { body, ip });

  async function buyer(id: string, email: string, isVerified = true) {
    h.directory.customers.set(id, { email, isVerified });
    // svc-auth signs a buyer with userId = accountId = the buyer's id.
    return h.issuer.customerToken(id, id);
  }

  it("stores the query with the order's items, as sent", async () => {
    const body = await orderFor('sent@example.com', { items: 'product_name:Blue mug' });
    const answer = await send({ ...body, customerEmail: 'Sent@Example.com' });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(buyerMessages.querySent);
    expect(answer.body.query).toMatchObject({
      orderNumber: body.orderNumber,
      subject: body.subject,
      message: body.message,
      status: 'sent',
      orderDetails: { items: 'product_name:Blue mug' },
      replies: [],
    });
  });

  it('answers 404 when the email is not the order’s or the order is not that seller’s', async () => {
    const body = await orderFor('owner@example.com');
    const wrongEmail = await send({ ...body, customerEmail: 'eve@example.com' });
    expect(wrongEmail.status).toBe(404);
    expect(wrongEmail.body).toEqual({ error: buyerMessages.orderNotFound });
    const wrongSeller = await send({ ...body, accountId: 'q-b' });
    expect(wrongSeller.status).toBe(404);
  });

  it("says the spec's words for a missing subject or message and the limits", async () => {
    const body = await orderFor('valid@example.com');
    const missing = await send({ ...body, subject: ' ', message: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([
      { path: 'body.subject', message: buyerMessages.fillSubjectAndMessage },
      { path: 'body.message', message: buyerMessages.fillSubjectAndMessage },
    ]);
    const tooLong = await send({ ...body, subject: 's'.repeat(61), message: 'm'.repeat(501) });
    expect(tooLong.body.details).toEqual([
      { path: 'body.subject', message: 'Subject must be at most 60 characters' },
      { path: 'body.message', message: 'Message must be at most 500 characters' },
    ]);
    const atLimits = await send({ ...body, subject: 's'.repeat(60), message: 'm'.repeat(500) });
    expect(atLimits.status).toBe(201);
    const badEmail = await send({ ...body, customerEmail: 'nope' });
    expect(badEmail.body.details).toEqual([
      { path: 'body.customerEmail', message: 'Invalid email address' },
    ]);
  });

  it('refuses the 11th query from one address within the hour', async () => {
    const body = await orderFor('burst@example.com');
    const ip = '192.0.2.77';
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await send(body, ip)).status).toBe(201);
    }
    const refused = await send(body, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(
      /^Too many queries sent\. Please try again in \d+ minutes?\.$/,
    );
    expect((await send(body, '192.0.2.78')).status).toBe(201);
  });

  it('lists the seller’s queries newest first; seller B sees none of them', async () => {
    const first = await send(await orderFor('list1@example.com'));
    const second = await send(await orderFor('list2@example.com'));
    const listA = await h.call('GET', '/api/public/seller-queries', { token: sellerA });
    expect(listA.status).toBe(200);
    const ids = listA.body.queries.map((query: { id: string }) => query.id);
    expect(ids.indexOf(second.body.query.id)).toBeLessThan(ids.indexOf(first.body.query.id));
    const listB = await h.call('GET', '/api/public/seller-queries', { token: sellerB });
    expect(listB.body.queries).toEqual([]);
  });

  it('marks a new query viewed when the seller opens it; seller B cannot', async () => {
    const { body } = await send(await orderFor('read@example.com'));
    const path = `/api/public/seller-queries/${body.query.id}/read`;
    expect((await h.call('PUT', path, { token: sellerB })).status).toBe(404);
    const read = await h.call('PUT', path, { token: sellerA });
    expect(read.status).toBe(200);
    expect(read.body.query.status).toBe('viewed');
    expect((await h.call('PUT', path, { token: sellerA })).body.query.status).toBe('viewed');
    expect(
      (await h.call('PUT', '/api/public/seller-queries/not-an-id/read', { token: sellerA })).status,
    ).toBe(404);
  });

  it('lets the seller mark their query resolved, once and for good; seller B cannot', async () => {
    const { body } = await send(await orderFor('close@example.com'));
    const path = `/api/public/seller-queries/${body.query.id}/resolve`;
    expect((await h.call('POST', path, { token: sellerB })).status).toBe(404);
    const resolved = await h.call('POST', path, { token: sellerA });
    expect(resolved.status).toBe(200);
    expect(resolved.body.query.status).toBe('resolved');
    expect((await h.call('POST', path, { token: sellerA })).body.query.status).toBe('resolved');
    const read = await h.call('PUT', `/api/public/seller-queries/${body.query.id}/read`, {
      token: sellerA,
    });
    expect(read.body.query.status).toBe('resolved');
  });

  it('appends a reply, moves the query to viewed and asks svc-notify to mail the buyer', async () => {
    const { body } = await send(await orderFor('reply@example.com'));
    const path = `/api/public/seller-queries/${body.query.id}/reply`;
    const empty = await h.call('POST', path, { token: sellerA, body: { message: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual([
      { path: 'body.message', message: buyerMessages.replyRequired },
    ]);
    const replied = await h.call('POST', path, {
      token: sellerA,
      body: { message: 'It left our warehouse today.' },
    });
    expect(replied.status).toBe(200);
    expect(replied.body.message).toBe('Reply sent');
    expect(replied.body.query.status).toBe('viewed');
    expect(replied.body.query.replies).toEqual([
      {
        id: expect.any(String),
        message: 'It left our warehouse today.',
        sentAt: expect.any(String),
      },
    ]);
    // svc-orders sends no mail (issue 34): the reply is asked of svc-notify through the outbox,
    // addressed to the query's buyer, with the question it answers. svc-notify's tests read the
    // mail it makes of this ("Teapots Ltd replied to your question ...").
    const replyId: string = replied.body.query.replies[0].id;
    const noticeId = `orders:query_reply:${body.query.id}:${replyId}`;
    const asked = await h.db
      .collection('seller_notice_outbox')
      .findOne({ _id: noticeId } as object);
    expect(asked).toMatchObject({
      accountId: 'q-a',
      audience: 'buyer',
      to: 'reply@example.com',
      notice: {
        kind: 'query_reply',
        queryId: body.query.id,
        replyId,
        orderNumber: body.query.orderNumber,
        customerName: 'Ada Lovelace',
        subject: 'Where is my parcel?',
        message: 'It has been a week since I ordered.',
        reply: 'It left our warehouse today.',
      },
    });
  });

  it('lets seller B neither answer nor see seller A’s query', async () => {
    const { body } = await send(await orderFor('private@example.com'));
    const replied = await h.call('POST', `/api/public/seller-queries/${body.query.id}/reply`, {
      token: sellerB,
      body: { message: 'Not mine' },
    });
    expect(replied.status).toBe(404);
    const listA = await h.call('GET', '/api/public/seller-queries', { token: sellerA });
    const query = listA.body.queries.find((q: { id: string }) => q.id === body.query.id);
    expect(query.replies).toEqual([]);
  });

  it('shows the buyer their queries with replies, by their verified address only', async () => {
    const { body } = await send(await orderFor('portal@example.com'));
    await h.call('POST', `/api/public/seller-queries/${body.query.id}/reply`, {
      token: sellerA,
      body: { message: 'On its way' },
    });
    const owner = await buyer('buyer-portal', 'Portal@example.com');
    const mine = await h.call('GET', '/api/order-queries/customer', { token: owner });
    expect(mine.status).toBe(200);
    expect(mine.body.queries).toHaveLength(1);
    expect(mine.body.queries[0]).toMatchObject({
      id: body.query.id,
      replies: [{ message: 'On its way' }],
    });
    const unverified = await buyer('buyer-unverified', 'portal@example.com', false);
    expect(
      (await h.call('GET', '/api/order-queries/customer', { token: unverified })).body.queries,
    ).toEqual([]);
    const stranger = await buyer('buyer-stranger', 'stranger@example.com');
    expect(
      (await h.call('GET', '/api/order-queries/customer', { token: stranger })).body.queries,
    ).toEqual([]);
    expect((await h.call('GET', '/api/order-queries/customer', { token: sellerA })).status).toBe(
      403,
    );
  });

  it('lets the buyer resolve only after a reply, and only their own query', async () => {
    const { body } = await send(await orderFor('resolve@example.com'));
    const owner = await buyer('buyer-resolve', 'resolve@example.com');
    const stranger = await buyer('buyer-other', 'other@example.com');
    const path = `/api/order-queries/${body.query.id}/resolve`;

    const early = await h.call('POST', path, { token: owner });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(buyerMessages.resolveNeedsReply);

    await h.call('POST', `/api/public/seller-queries/${body.query.id}/reply`, {
      token: sellerA,
      body: { message: 'Sorted' },
    });
    expect((await h.call('POST', path, { token: stranger })).status).toBe(404);
    const resolved = await h.call('POST', path, { token: owner });
    expect(resolved.status).toBe(200);
    expect(resolved.body.query.status).toBe('resolved');

    const again = await h.call('POST', `/api/public/seller-queries/${body.query.id}/reply`, {
      token: sellerA,
      body: { message: 'One more thing' },
    });
    expect(again.body.query.status).toBe('resolved');
    expect(again.body.query.replies).toHaveLength(2);
  });
});
