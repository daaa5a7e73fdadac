import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerNoticeRequested, type PayloadOf, type SellerNoticeKind } from '@onvelope/contracts';
import { createLogger } from '@onvelope/service-kit/observability';
import { consumeEvents, type NatsConnection } from '@onvelope/service-kit/nats';
import { connectTestDatabase, startService, testInfra } from '@onvelope/testkit';
import { billingAccountModel } from '../src/data/billing-account.model.js';
import { stripeEventModel } from '../src/data/stripe-event.model.js';
import { startBillingService } from '../src/index.js';
import {
  eventId,
  startBillingHarness,
  subscriptionObject,
  webhookSecret,
  type BillingHarness,
} from './support.js';

type RequestedNotice = PayloadOf<typeof sellerNoticeRequested>;

const day = 24 * 3600_000;
const run = randomUUID().slice(0, 8);
/** Account ids of this run only: the NOTIFY stream is shared with the other test files. */
const acct = (name: string) => `acct-notice-${name}-${run}`;
/** Long enough for several sweeps (every 100 ms here) and relay rounds to have come round. */
const severalRounds = () => new Promise((resolve) => setTimeout(resolve, 1_500));

/** Every seller notice on the NOTIFY stream, as svc-notify would read them. */
async function readNotices(nats: NatsConnection) {
  const seen: RequestedNotice[] = [];
  const durable = `billing-notice-tests-${randomUUID()}`;
  const consumer = await consumeEvents(
    nats,
    sellerNoticeRequested,
    durable,
    async ({ payload }) => {
      seen.push(payload);
    },
    createLogger('billing-notice-tests', 'silent'),
  );
  return {
    of: (accountId: string, kind?: SellerNoticeKind) =>
      seen.filter(
        (requested) =>
          requested.accountId === accountId && (!kind || requested.notice.kind === kind),
      ),
    all: () => seen,
    async stop() {
      await consumer.stop();
      const jsm = await jetstreamManager(nats);
      await jsm.consumers.delete(sellerNoticeRequested.stream.name, durable);
    },
  };
}

describe('svc-billing asks svc-notify for the seller’s billing e-mails', () => {
  let h: BillingHarness;
  let db: mongoose.Connection;
  let notices: Awaited<ReturnType<typeof readNotices>>;
  beforeAll(async () => {
    h = await startBillingHarness({ TRIAL_NOTICE_SWEEP_MS: '100' });
    db = await connectTestDatabase(h.service.env.MONGO_DB);
    notices = await readNotices(h.nats);
  });
  afterAll(async () => {
    await notices.stop();
    await db.close();
    await h.stop();
  });

  /** The requests stored in svc-billing's seller notice outbox for the account. */
  const outboxOf = async (accountId: string) =>
    (await db.collection('seller_notice_outbox').find({ accountId }).toArray()).map(
      (record) => record._id,
    );
  const markOf = async (accountId: string) =>
    (await billingAccountModel(db).findById(accountId).lean())?.trialNoticeStep;

  /** A seller in their trial who subscribed (checkout, then Stripe's subscription event). */
  async function subscribedByWebhook(accountId: string, status = 'active') {
    const customer = `cus_${accountId}`;
    const subscription = `sub_${accountId}`;
    await h.startTrial(accountId);
    const t0 = Math.floor(h.now().getTime() / 1000);
    const completed = await h.webhook({
      id: eventId(),
      type: 'checkout.session.completed',
      created: t0,
      object: {
        id: `cs_${accountId}`,
        object: 'checkout.session',
        customer,
        subscription,
        client_reference_id: accountId,
        payment_status: 'paid',
      },
    });
    expect(completed.status).toBe(200);
    const created = await h.webhook({
      id: eventId(),
      type: 'customer.subscription.created',
      created: t0 + 1,
      object: subscriptionObject({ id: subscription, customer, accountId, status }),
    });
    expect(created.status).toBe(200);
    return { customer, subscription, t0 };
  }

  const failedPayment = (
    customer: string,
    subscription: string,
    created: number,
    invoice: Record<string, unknown> = {},
  ) => ({
    id: eventId(),
    type: 'invoice.payment_failed',
    created,
    object: { id: `in_${subscription}`, object: 'invoice', customer, subscription, ...invoice },
  });

  // Side by side, their waits for what must not come overlap; none moves the clock, which would
  // have the sweeps decide the others' trials (the test after them does).
  describe.concurrent('at the real time', () => {
    it('asks once per failed attempt, with the amount due, the currency and the end of the grace period', async ({
      expect,
    }) => {
      const accountId = acct('failed');
      const { customer, subscription, t0 } = await subscribedByWebhook(accountId);
      const failed = failedPayment(customer, subscription, t0 + 10, {
        amount_due: 899,
        currency: 'gbp',
        attempt_count: 1,
      });
      expect((await h.webhook(failed)).status).toBe(200);
      await expect
        .poll(() => notices.of(accountId, 'payment_failed'), { timeout: 10_000 })
        .toHaveLength(1);
      const graceUntil = new Date((t0 + 10) * 1000 + 7 * day).toISOString();
      expect(notices.of(accountId, 'payment_failed')[0]).toEqual({
        noticeId: `billing:payment_failed:${accountId}:in_${subscription}:1`,
        accountId,
        requestedAt: expect.any(String),
        notice: { kind: 'payment_failed', amountDue: 899, currency: 'gbp', graceUntil },
      });

      // Stripe delivers the event again; and again after its record here was lost.
      expect((await h.webhook(failed)).status).toBe(200);
      await stripeEventModel(db).deleteOne({ _id: failed.id });
      expect((await h.webhook(failed)).status).toBe(200);

      // Stripe's retry three days later fails too: the seller hears again, with the same deadline.
      const retry = failedPayment(customer, subscription, t0 + 3 * 86_400, {
        amount_due: 899,
        currency: 'gbp',
        attempt_count: 2,
      });
      expect((await h.webhook(retry)).status).toBe(200);
      await expect
        .poll(() => notices.of(accountId, 'payment_failed'), { timeout: 10_000 })
        .toHaveLength(2);
      expect(notices.of(accountId, 'payment_failed')[1]).toMatchObject({
        noticeId: `billing:payment_failed:${accountId}:in_${subscription}:2`,
        notice: { graceUntil },
      });
      await severalRounds();
      expect(notices.of(accountId)).toHaveLength(2);
      expect(await outboxOf(accountId)).toHaveLength(2);
    });

    it('asks once when the subscription ends, and not when another subscription ends beside it', async ({
      expect,
    }) => {
      const accountId = acct('cancelled');
      const { customer, subscription, t0 } = await subscribedByWebhook(accountId);
      // An old subscription of the same customer ending changes nothing of the running one.
      const other = await h.webhook({
        id: eventId(),
        type: 'customer.subscription.deleted',
        created: t0 + 5,
        object: subscriptionObject({
          id: `sub_old_${accountId}`,
          customer,
          accountId,
          status: 'canceled',
        }),
      });
      expect(other.status).toBe(200);
      await severalRounds();
      expect(notices.of(accountId)).toEqual([]);

      // Left unpaid after Stripe's retries, then deleted: one ending, told once.
      const unpaid = {
        id: eventId(),
        type: 'customer.subscription.updated',
        created: t0 + 10,
        object: subscriptionObject({ id: subscription, customer, accountId, status: 'unpaid' }),
      };
      const deleted = {
        id: eventId(),
        type: 'customer.subscription.deleted',
        created: t0 + 20,
        object: {
          ...subscriptionObject({ id: subscription, customer, accountId, status: 'canceled' }),
          ended_at: t0 + 20,
        },
      };
      for (const event of [unpaid, deleted, deleted, unpaid]) {
        expect((await h.webhook(event)).status).toBe(200);
      }
      await expect
        .poll(() => notices.of(accountId, 'subscription_cancelled'), { timeout: 10_000 })
        .toHaveLength(1);
      expect(notices.of(accountId)[0]).toMatchObject({
        noticeId: `billing:subscription_cancelled:${accountId}:${subscription}`,
        accountId,
        notice: {
          kind: 'subscription_cancelled',
          endedAt: new Date((t0 + 10) * 1000).toISOString(),
        },
      });
      await severalRounds();
      expect(notices.of(accountId)).toHaveLength(1);
    });

    it('never tells one seller of another seller’s facts', async ({ expect }) => {
      const a = acct('tenant-a');
      const b = acct('tenant-b');
      const sellerA = await subscribedByWebhook(a);
      const sellerB = await subscribedByWebhook(b);
      // Events naming B's customer with A's subscription: B's account, not B's subscription.
      const crossed = [
        failedPayment(sellerB.customer, sellerA.subscription, sellerB.t0 + 10),
        {
          id: eventId(),
          type: 'customer.subscription.deleted',
          created: sellerB.t0 + 10,
          object: subscriptionObject({
            id: sellerA.subscription,
            customer: sellerB.customer,
            status: 'canceled',
          }),
        },
      ];
      for (const event of crossed) expect((await h.webhook(event)).status).toBe(200);
      expect(
        (await h.webhook(failedPayment(sellerA.customer, sellerA.subscription, sellerA.t0 + 20)))
          .status,
      ).toBe(200);
      await expect.poll(() => notices.of(a), { timeout: 10_000 }).toHaveLength(1);
      await severalRounds();
      expect(notices.of(b)).toEqual([]);
      expect(await outboxOf(b)).toEqual([]);
      expect(notices.of(a)[0]?.noticeId).toContain(`:${a}:`);
    });

    it('asks once per trial with two replicas sweeping, and not of trials that ended days before', async ({
      expect,
    }) => {
      const replica = await startService((env) => startBillingService(env, { now: h.now }), {
        MONGO_DB: h.service.env.MONGO_DB,
        STRIPE_MOCK_URL: testInfra().stripeMockUrl,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        TRIAL_NOTICE_SWEEP_MS: '70',
      });
      try {
        const now = h.now().getTime();
        // Accounts as a deployment of this feature finds them: no mark at all.
        const stored = (name: string, trialEnd: number) => ({
          _id: acct(name),
          email: `${name}@example.com`,
          selectedPlan: 'pro_monthly',
          trialEnd: new Date(trialEnd),
          stripeCustomerId: null,
          subscription: null,
          consents: [],
          version: 1,
          pendingPublish: false,
          createdAt: new Date(now - 7 * day),
          updatedAt: new Date(now - 7 * day),
        });
        const ending = Array.from({ length: 30 }, (_, i) =>
          stored(`ending-${i}`, now + day + i * 60_000),
        );
        const endedRecently = stored('ended-recently', now - 2 * 3600_000);
        const endedLongAgo = stored('ended-long-ago', now - 3 * day);
        await db
          .collection<{ _id: string }>('billing_accounts')
          .insertMany([...ending, endedRecently, endedLongAgo]);

        await expect
          .poll(() => ending.filter(({ _id }) => notices.of(_id).length > 0).length, {
            timeout: 15_000,
          })
          .toBe(ending.length);
        await expect.poll(() => notices.of(endedRecently._id), { timeout: 10_000 }).toHaveLength(1);
        await severalRounds();
        for (const { _id, trialEnd } of ending) {
          expect(notices.of(_id)).toEqual([
            expect.objectContaining({
              noticeId: `billing:trial_ending:${_id}:${trialEnd.toISOString()}`,
            }),
          ]);
          expect(await outboxOf(_id)).toHaveLength(1);
        }
        // Ended while nobody looked: only "ended", and only because it ended within the day.
        expect(notices.of(endedRecently._id)[0]?.notice).toEqual({
          kind: 'trial_ended',
          trialEnd: endedRecently.trialEnd.toISOString(),
        });
        expect(notices.of(endedLongAgo._id)).toEqual([]);
        expect(await markOf(endedLongAgo._id)).toBeUndefined();
      } finally {
        await replica.close();
      }
    });
  });

  it('asks "trial ending" two days before the end and "trial ended" at the end, only of sellers no subscription follows', async () => {
    const trial = acct('trial');
    const subscribed = acct('trial-subscribed');
    const { trialEnd } = await h.startTrial(trial);
    await subscribedByWebhook(subscribed, 'trialing');
    const end = Date.parse(trialEnd);
    let moved = 0;
    const moveClockTo = (at: number) => {
      const by = at - h.now().getTime();
      h.advanceClock(by);
      moved += by;
    };
    try {
      moveClockTo(end - 2 * day - 60_000);
      await severalRounds();
      expect(notices.of(trial)).toEqual([]);

      moveClockTo(end - 2 * day + 60_000);
      await expect
        .poll(() => notices.of(trial, 'trial_ending'), { timeout: 10_000 })
        .toHaveLength(1);
      expect(notices.of(trial)[0]).toEqual({
        noticeId: `billing:trial_ending:${trial}:${trialEnd}`,
        accountId: trial,
        requestedAt: expect.any(String),
        notice: { kind: 'trial_ending', trialEnd },
      });
      // The subscribed seller was decided in the same sweeps, and asked nothing.
      await expect.poll(() => markOf(subscribed)).toBe('trial_ending');
      expect(await outboxOf(subscribed)).toEqual([]);

      // Later sweeps ask nothing more, even once the outbox has forgotten the request (it keeps
      // one for a month): the mark on the account says it was decided.
      await db.collection('seller_notice_outbox').deleteMany({ accountId: trial });
      await severalRounds();
      expect(notices.of(trial)).toHaveLength(1);
      expect(await outboxOf(trial)).toEqual([]);

      moveClockTo(end + 60_000);
      await expect
        .poll(() => notices.of(trial, 'trial_ended'), { timeout: 10_000 })
        .toHaveLength(1);
      expect(notices.of(trial, 'trial_ended')[0]).toMatchObject({
        noticeId: `billing:trial_ended:${trial}:${trialEnd}`,
        accountId: trial,
        notice: { kind: 'trial_ended', trialEnd },
      });
      await expect.poll(() => markOf(subscribed)).toBe('trial_ended');
      await severalRounds();
      expect(notices.of(trial)).toHaveLength(2);
      expect(notices.of(subscribed)).toEqual([]);
      expect(await outboxOf(subscribed)).toEqual([]);
    } finally {
      h.advanceClock(-moved);
    }
  });

  it('names the account in every notice it asks for', () => {
    const ours = notices.all().filter(({ accountId }) => accountId.endsWith(run));
    expect(ours.length).toBeGreaterThan(0);
    for (const { accountId, noticeId } of ours) {
      expect(noticeId).toMatch(new RegExp(`^billing:[a-z_]+:${accountId}:`));
    }
  });
});
