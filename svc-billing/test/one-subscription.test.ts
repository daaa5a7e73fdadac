import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestDatabase } from '@onvelope/testkit';
import {
  billingAccountModel,
  type BillingAccountDocument,
} from '../src/data/billing-account.model.js';
import {
  eventId,
  startBillingHarness,
  subscriptionObject,
  type BillingHarness,
  type Reply,
} from './support.js';

const checkoutBody = {
  priceId: 'price_pro_monthly',
  successUrl: 'http://shop.test/dashboard?subscription=success',
  cancelUrl: 'http://shop.test/pricing?subscription=cancelled',
};
const expired = 'This checkout has expired: a newer one was started. Pay on the newest one.';

describe('one subscription per seller', () => {
  let h: BillingHarness;
  let db: mongoose.Connection;
  beforeAll(async () => {
    h = await startBillingHarness();
    db = await connectTestDatabase(h.service.env.MONGO_DB);
  });
  afterAll(async () => {
    await db.close();
    await h.stop();
  });

  const checkout = async (token: string, priceId = checkoutBody.priceId) => {
    const reply = await h.call('POST', '/api/payments/checkout', {
      token,
      body: { ...checkoutBody, priceId },
    });
    expect(reply.status).toBe(200);
    return reply.body.url as string;
  };
  /** Pays on the local checkout page, as its Pay button does (with the seller's session). */
  const pay = (url: string, token: string): Promise<Reply> =>
    h.call('POST', `${url}/complete`, { token });
  const subscriptionOf = async (token: string) =>
    (await h.call('GET', '/api/payments/subscription?portal=omit', { token })).body.subscription;
  const storedAccount = (accountId: string) =>
    billingAccountModel(db).findById(accountId).lean<BillingAccountDocument>();

  it('expires the open checkout when the seller starts another, so only the newest can be paid', async () => {
    await h.startTrial('acct-two-checkouts');
    const token = await h.issuer.merchantToken('acct-two-checkouts');
    const first = await checkout(token);
    const second = await checkout(token, 'price_pro_yearly');
    expect(second).not.toBe(first);

    const paidFirst = await pay(first, token);
    expect(paidFirst).toMatchObject({ status: 409, body: { error: expired } });
    expect(await subscriptionOf(token)).toMatchObject({ status: 'trialing' });
    const paidSecond = await pay(second, token);
    expect(paidSecond.status).toBe(200);
    expect(await subscriptionOf(token)).toMatchObject({ status: 'active', plan: 'pro_yearly' });
  });

  it('leaves one payable checkout when two start at the same moment', async () => {
    await h.startTrial('acct-racing-checkouts');
    const token = await h.issuer.merchantToken('acct-racing-checkouts');
    const urls = await Promise.all([checkout(token), checkout(token)]);
    const paid = [];
    for (const url of urls) paid.push((await pay(url, token)).status);
    expect(paid.sort()).toEqual([200, 409]);
  });

  it('keeps the running subscription when a second one arrives by webhook, cancels the second at Stripe and records it', async () => {
    const accountId = 'acct-second-subscription';
    await h.startTrial(accountId);
    const token = await h.issuer.merchantToken(accountId);
    const t0 = Math.floor(h.now().getTime() / 1000);
    const subscribe = (id: string, created: number, priceId: string, type: string) =>
      h.webhook({
        id: eventId(),
        type,
        created,
        object: subscriptionObject({
          id,
          customer: 'cus_second',
          accountId,
          status: type.endsWith('deleted') ? 'canceled' : 'active',
          priceId,
        }),
      });

    expect(
      (await subscribe('sub_kept', t0, 'price_pro_monthly', 'customer.subscription.created'))
        .status,
    ).toBe(200);
    expect(
      (await subscribe('sub_second', t0 + 5, 'price_pro_yearly', 'customer.subscription.created'))
        .status,
    ).toBe(200);
    // A checkout completed for yet another subscription is the same case.
    const completed = await h.webhook({
      id: eventId(),
      type: 'checkout.session.completed',
      created: t0 + 6,
      object: {
        id: 'cs_third',
        object: 'checkout.session',
        customer: 'cus_second',
        subscription: 'sub_third',
        client_reference_id: accountId,
        payment_status: 'paid',
      },
    });
    expect(completed.status).toBe(200);

    expect(await subscriptionOf(token)).toMatchObject({ status: 'active', plan: 'pro_monthly' });
    const account = await storedAccount(accountId);
    expect(account?.subscription?.id).toBe('sub_kept');
    expect(account?.secondSubscriptions).toEqual([
      expect.objectContaining({ id: 'sub_second', cancelledAt: expect.any(Date) }),
      expect.objectContaining({ id: 'sub_third', cancelledAt: expect.any(Date) }),
    ]);

    // Stripe confirms the cancellation: the subscription that runs is untouched.
    await subscribe('sub_second', t0 + 10, 'price_pro_yearly', 'customer.subscription.deleted');
    expect(await subscriptionOf(token)).toMatchObject({ status: 'active', plan: 'pro_monthly' });
    expect((await storedAccount(accountId))?.secondSubscriptions).toHaveLength(2);
  });
});
