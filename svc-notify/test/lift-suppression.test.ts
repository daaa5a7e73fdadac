import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  shippedChange,
  startNotifyHarness,
  unsubscribePathOf,
  type NotifyHarness,
  type Seller,
} from './support/notify-harness.js';

describe('a seller lifting a suppression', () => {
  let h: NotifyHarness;
  let seller: Seller;
  beforeAll(async () => {
    h = await startNotifyHarness();
    seller = await h.seller({ storeName: 'Lift Shop' });
  });
  afterAll(() => h.stop());

  const suppressedOf = async (who: Seller) =>
    (await h.call('GET', '/api/notify/suppressions', { token: who.token })).body.suppressions.map(
      (item: { email: string }) => item.email,
    );

  it('lifts a buyer’s own unsubscribe only when the seller states the buyer asked, then mails them again', async () => {
    const first = shippedChange({ orderNumber: 'L-1' });
    const buyer = first.customerEmail!;
    await h.publishChanges(seller.accountId, [first]);
    const path = unsubscribePathOf((await h.sink.waitForMail(buyer)).raw);
    await h.call('POST', path, { headers: { accept: 'application/json' } });
    expect(await suppressedOf(seller)).toContain(buyer);

    const unconfirmed = await h.call('POST', '/api/notify/suppressions/lift', {
      token: seller.token,
      body: { email: buyer },
    });
    expect(unconfirmed).toMatchObject({
      status: 409,
      body: {
        error:
          'This buyer unsubscribed themselves. Lift it only if they asked you to e-mail them again.',
      },
    });
    const declined = await h.call('POST', '/api/notify/suppressions/lift', {
      token: seller.token,
      body: { email: buyer, buyerAsked: false },
    });
    expect(declined.status).toBe(409);
    expect(await suppressedOf(seller)).toContain(buyer);

    const lifted = await h.call('POST', '/api/notify/suppressions/lift', {
      token: seller.token,
      body: { email: buyer.toUpperCase(), buyerAsked: true },
    });
    expect(lifted).toMatchObject({
      status: 200,
      body: { success: true, lifted: { email: buyer, reason: 'unsubscribed' } },
    });
    expect(await suppressedOf(seller)).not.toContain(buyer);

    const next = shippedChange({ orderNumber: 'L-2', customerEmail: buyer });
    await h.publishChanges(seller.accountId, [next]);
    await h.eventually(async () => {
      const [doc] = await h.notificationsOf(seller.accountId, next.entryId);
      expect(doc).toMatchObject({ state: 'sent' });
    });
    expect(await h.mailsTo(buyer)).toHaveLength(2);
  });

  it('lifts a refusal as asked, without the confirmation', async () => {
    const buyer = 'fixed-mailbox@example.com';
    await h.db.collection('suppressions').insertOne({
      accountId: seller.accountId,
      email: buyer,
      reason: 'refused',
      detail: '550 5.1.1 No such user here',
      createdAt: new Date(),
    });
    const lifted = await h.call('POST', '/api/notify/suppressions/lift', {
      token: seller.token,
      body: { email: buyer },
    });
    expect(lifted.body).toEqual({ success: true, lifted: { email: buyer, reason: 'refused' } });
    expect(await suppressedOf(seller)).not.toContain(buyer);
  });

  it('answers 404 for an address that is not suppressed, and for another seller’s', async () => {
    const buyer = 'kept-away@example.com';
    await h.db.collection('suppressions').insertOne({
      accountId: seller.accountId,
      email: buyer,
      reason: 'refused',
      detail: null,
      createdAt: new Date(),
    });
    const other = await h.seller({ storeName: 'Other Shop' });
    for (const [who, email] of [
      [seller, 'never-suppressed@example.com'],
      [other, buyer],
    ] as const) {
      const answer = await h.call('POST', '/api/notify/suppressions/lift', {
        token: who.token,
        body: { email, buyerAsked: true },
      });
      expect(answer).toMatchObject({ status: 404, body: { error: `${email} is not suppressed` } });
    }
    expect(await suppressedOf(seller)).toContain(buyer);
  });

  it('refuses a bad address, unknown fields and a caller without a seller’s token', async () => {
    const bad = await h.call('POST', '/api/notify/suppressions/lift', {
      token: seller.token,
      body: { email: 'not an address' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject([{ path: 'body.email' }]);
    const unknown = await h.call('POST', '/api/notify/suppressions/lift', {
      token: seller.token,
      body: { email: 'a@example.com', force: true },
    });
    expect(unknown.status).toBe(400);
    const anonymous = await h.call('POST', '/api/notify/suppressions/lift', {
      body: { email: 'a@example.com' },
    });
    expect(anonymous.status).toBe(401);
  });
});
