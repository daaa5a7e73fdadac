import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerMessages, countCustomerClaims } from '@onvelope/contracts';
import { requestCommand } from '@onvelope/service-kit/nats';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';
import { startBuyerHarness, type BuyerHarness } from './buyer-support.js';

describe('claimed orders in the buyer portal', () => {
  let h: BuyerHarness;
  let ann: string;
  let bob: string;
  let orderSeq = 0;

  beforeAll(async () => {
    h = await startBuyerHarness();
    h.directory.sellers.set('c-a', { name: 'Teapots Ltd', website: 'https://teapots.example' });
    // svc-auth signs a buyer with userId = accountId = the buyer's id.
    ann = await h.issuer.customerToken('buyer-ann', 'buyer-ann');
    bob = await h.issuer.customerToken('buyer-bob', 'buyer-bob');
  });
  afterAll(() => h?.stop());

  async function newOrder(fields: Record<string, unknown> = {}) {
    const orderNumber = `C-${++orderSeq}`;
    const { id } = await h.insertOrder({ accountId: 'c-a', orderNumber, ...fields });
    return {
      id,
      orderNumber,
      details: { email: 'ada@example.com', postcode: 'sw1a 1aa', orderNumber },
    };
  }

  const claim = (token: string, body: Record<string, unknown>) =>
    h.call('POST', '/api/customer-auth/claim-order', { token, body });
  const list = (token: string) => h.call('GET', '/api/customer/orders', { token });

  it('claims an order whose email, postcode and number match, with a nickname', async () => {
    const { orderNumber, details } = await newOrder();
    const answer = await claim(ann, { ...details, nickname: ' Birthday teapot ' });
    expect(answer.status).toBe(201);
    expect(answer.body.claim).toMatchObject({
      nickname: 'Birthday teapot',
      notes: null,
      order: { orderNumber, merchant: { name: 'Teapots Ltd' } },
    });
    expect(answer.body.claim.order).not.toHaveProperty('keywordExplanation');
  });

  it('refuses to claim the same order twice', async () => {
    const { details } = await newOrder();
    expect((await claim(ann, details)).status).toBe(201);
    const again = await claim(ann, details);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('You have already claimed this order');
  });

  it('answers 404 for a wrong postcode or email, and needs every field', async () => {
    const { details } = await newOrder();
    const wrongPostcode = await claim(ann, { ...details, postcode: 'SW1A 1AB' });
    expect(wrongPostcode.status).toBe(404);
    expect(wrongPostcode.body).toEqual({ error: buyerMessages.orderNotFound });
    expect((await claim(ann, { ...details, email: 'eve@example.com' })).status).toBe(404);
    const missing = await claim(ann, { nickname: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual(
      expect.arrayContaining([
        { path: 'body.email', message: buyerMessages.fillAllFields },
        { path: 'body.postcode', message: buyerMessages.fillAllFields },
        { path: 'body.orderNumber', message: buyerMessages.fillAllFields },
      ]),
    );
  });

  it('shows the live order, not a copy taken when it was claimed', async () => {
    const { id, orderNumber, details } = await newOrder();
    await claim(ann, details);
    await trackingEntryModel(h.db).updateOne(
      { _id: id },
      { $set: { status: 'shipped', trackingNumber: 'AB123456789GB' } },
    );
    const listed = await list(ann);
    expect(listed.status).toBe(200);
    const mine = listed.body.orders.find(
      (claimed: { order: { orderNumber: string } }) => claimed.order.orderNumber === orderNumber,
    );
    expect(mine.order).toMatchObject({
      status: 'shipped',
      trackingNumber: 'AB123456789GB',
      merchant: { name: 'Teapots Ltd', website: 'https://teapots.example' },
    });
  });

  it('shows a buyer only their own claims', async () => {
    const { details } = await newOrder();
    await claim(bob, details);
    const bobs = (await list(bob)).body.orders;
    const anns = (await list(ann)).body.orders;
    expect(bobs).toHaveLength(1);
    const bobsClaimId = bobs[0].id;
    expect(anns.map((claimed: { id: string }) => claimed.id)).not.toContain(bobsClaimId);
  });

  it('changes the nickname and notes, and nothing else', async () => {
    const { details } = await newOrder();
    const { body } = await claim(ann, details);
    const path = `/api/customer/orders/${body.claim.id}`;
    const edited = await h.call('PATCH', path, {
      token: ann,
      body: { nickname: 'Gift', notes: 'Wrap it' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.claim).toMatchObject({ nickname: 'Gift', notes: 'Wrap it' });
    const cleared = await h.call('PATCH', path, { token: ann, body: { notes: '' } });
    expect(cleared.body.claim).toMatchObject({ nickname: 'Gift', notes: null });

    const other = await h.call('PATCH', path, {
      token: ann,
      body: { nickname: 'x', status: 'delivered' },
    });
    expect(other.status).toBe(400);
    expect(other.body.details).toEqual([
      { path: 'body', message: 'Only nickname and notes can be changed' },
    ]);
  });

  it("does not let a buyer edit someone else's claim", async () => {
    const { details } = await newOrder();
    const { body } = await claim(ann, details);
    const path = `/api/customer/orders/${body.claim.id}`;
    const edited = await h.call('PATCH', path, { token: bob, body: { nickname: 'Mine now' } });
    expect(edited.status).toBe(404);
    expect(
      (await h.call('PATCH', '/api/customer/orders/nope', { token: ann, body: {} })).status,
    ).toBe(404);
  });

  it("unclaims the buyer's own claim and leaves another buyer's alone", async () => {
    const { orderNumber, details } = await newOrder();
    await claim(ann, details);
    await claim(bob, details);
    const path = `/api/customer/${encodeURIComponent(orderNumber)}/unclaim`;
    const mine = await h.call('DELETE', path, { token: ann });
    expect(mine.status).toBe(200);
    expect(mine.body.message).toBe(
      'Order unclaimed successfully! You can now re-claim it to get updated data.',
    );
    expect((await h.call('DELETE', path, { token: ann })).status).toBe(404);
    const bobs = (await list(bob)).body.orders.map(
      (claimed: { order: { orderNumber: string } }) => claimed.order.orderNumber,
    );
    expect(bobs).toContain(orderNumber);
    expect((await claim(ann, details)).status).toBe(201);
  });

  it('answers 404 when a buyer unclaims an order only someone else claimed', async () => {
    const { orderNumber, details } = await newOrder();
    await claim(bob, details);
    const path = `/api/customer/${encodeURIComponent(orderNumber)}/unclaim`;
    const answer = await h.call('DELETE', path, { token: ann });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('Claimed order not found');
    expect(
      (await list(bob)).body.orders.some(
        (claimed: { order: { orderNumber: string } }) => claimed.order.orderNumber === orderNumber,
      ),
    ).toBe(true);
  });

  it('drops a claim whose order the seller deleted', async () => {
    const { id, orderNumber, details } = await newOrder();
    const carol = await h.issuer.customerToken('buyer-carol', 'buyer-carol');
    await claim(carol, details);
    await trackingEntryModel(h.db).deleteOne({ _id: id });
    expect((await list(carol)).body.orders).toEqual([]);
    const path = `/api/customer/${encodeURIComponent(orderNumber)}/unclaim`;
    expect((await h.call('DELETE', path, { token: carol })).status).toBe(404);
  });

  it('tells svc-auth how many orders a buyer has claimed, leaving out deleted orders', async () => {
    const dora = await h.issuer.customerToken('buyer-dora', 'buyer-dora');
    const count = async () =>
      (await requestCommand(h.nc, countCustomerClaims, { customerId: 'buyer-dora' })).orderCount;
    expect(await count()).toBe(0);
    const kept = await newOrder();
    const deleted = await newOrder();
    await claim(dora, kept.details);
    await claim(dora, deleted.details);
    await claim(ann, (await newOrder()).details);
    expect(await count()).toBe(2);
    await trackingEntryModel(h.db).deleteOne({ _id: deleted.id });
    expect(await count()).toBe(1);
  });

  it('needs a signed-in buyer', async () => {
    expect((await list('')).status).toBe(401);
    const seller = await h.issuer.merchantToken('c-a');
    expect((await list(seller)).status).toBe(403);
  });
});
