import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EntryChange } from '@onvelope/testkit';
import { startHeldSmtpSink, type HeldSmtpSink } from './support/held-smtp-sink.js';
import {
  shippedChange,
  startNotifyHarness,
  testClock,
  type NotifyHarness,
  type Seller,
} from './support/notify-harness.js';

/** sender.ts's HOLD_LIMIT_MS, and the lease each claim gives here (SEND_LEASE_MS). */
const HOLD_LIMIT_MS = 5_000;
const LEASE_MS = 60_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 34: the sender claims up to four messages a loop under one token; a claimed message that
 * waited in hand past the hold limit (behind a slow send) goes back rather than start its send
 * with its lease partly spent. The mail server holds each answer until the test gives it, and the
 * clock moves on while a send is in hand.
 */
describe('a claimed message kept waiting behind a slow send', () => {
  const clock = testClock();
  let sink: HeldSmtpSink;
  let h: NotifyHarness;
  let seller: Seller;

  beforeAll(async () => {
    sink = await startHeldSmtpSink();
    // One sending loop: it claims four messages at once and sends them one after another.
    h = await startNotifyHarness(
      { SMTP_URL: sink.url, SEND_CONCURRENCY: '1', SEND_LEASE_MS: String(LEASE_MS) },
      { now: clock.now },
    );
    seller = await h.seller();
  });
  beforeEach(() => sink.holdAnswers());
  // Whatever a test left in hand (a failed one too) goes out, so the next starts with an idle loop.
  afterEach(async () => {
    sink.acceptAll();
    await h.eventually(async () => {
      const queued = await h.db
        .collection('notifications')
        .countDocuments({ accountId: seller.accountId, state: 'queued' });
      expect(queued).toBe(0);
    });
  });
  afterAll(async () => {
    await h.stop();
    await sink.stop();
  });

  const outboxOf = async (change: EntryChange) => {
    const [doc] = await h.notificationsOf(seller.accountId, change.entryId);
    if (!doc) throw new Error(`no message for order ${change.orderNumber}`);
    return doc;
  };
  const addressOf = (change: EntryChange) => change.customerEmail!.toLowerCase();
  const orderTo = (changes: EntryChange[], address: string) => {
    const change = changes.find((candidate) => addressOf(candidate) === address);
    if (!change) throw new Error(`a message to ${address}, not one of these orders`);
    return change;
  };

  /**
   * Four buyers' messages claimed in one batch, the first of them in the mail server's hands and
   * the other three waiting behind it. They are queued while an earlier message holds the only
   * loop, so one claim takes all four.
   */
  async function claimFourBehindASlowSend(prefix: string) {
    const earlier = shippedChange({ orderNumber: `${prefix}-0` });
    await h.publishChanges(seller.accountId, [earlier]);
    expect(await sink.nextHeld()).toBe(addressOf(earlier));
    const batch = [1, 2, 3, 4].map((n) => shippedChange({ orderNumber: `${prefix}-${n}` }));
    await h.publishChanges(seller.accountId, batch);
    await h.eventually(async () => {
      for (const change of batch) expect(await outboxOf(change)).toMatchObject({ state: 'queued' });
    });
    sink.accept(addressOf(earlier));
    const first = orderTo(batch, await sink.nextHeld());
    const claim = (await outboxOf(first)).leaseOwner;
    expect(claim).toEqual(expect.any(String));
    for (const change of batch) {
      expect(await outboxOf(change)).toMatchObject({ state: 'queued', leaseOwner: claim });
    }
    return { all: [earlier, ...batch], first, waiting: batch.filter((c) => c !== first), claim };
  }

  /** Every message is sent, once: the sink received each address once and nothing twice. */
  async function expectEachSentOnce(changes: EntryChange[]) {
    await h.eventually(async () => {
      for (const change of changes) {
        expect(await outboxOf(change)).toMatchObject({
          state: 'sent',
          attempts: 1,
          leaseOwner: null,
          leaseUntil: null,
        });
      }
    });
    await pause(800); // time for a second copy of any of them to arrive
    const received = sink.received();
    for (const change of changes) {
      expect(received.filter((address) => address === addressOf(change))).toHaveLength(1);
    }
    expect(new Set(received).size).toBe(received.length);
  }

  it('hands back a message that waited past the hold limit and sends it once, under a claim of its own', async () => {
    const { all, first, waiting, claim } = await claimFourBehindASlowSend('HELD');
    // The send in hand outlasts the hold limit: the three behind it have waited too long.
    clock.set(new Date(clock.now().getTime() + HOLD_LIMIT_MS + 1_000));
    sink.accept(addressOf(first));

    // The next to reach the mail server was not sent under the claim that kept it waiting: it
    // was handed back, with the other two, and claimed again with nearly its whole lease.
    const next = await outboxOf(orderTo(waiting, await sink.nextHeld()));
    expect(next.leaseOwner).toEqual(expect.any(String));
    expect(next.leaseOwner).not.toBe(claim);
    expect(next.leaseUntil).toBeInstanceOf(Date);
    const leaseLeftMs = (next.leaseUntil as Date).getTime() - clock.now().getTime();
    expect(leaseLeftMs).toBeGreaterThan(LEASE_MS - HOLD_LIMIT_MS);
    for (const change of waiting) {
      expect(await outboxOf(change)).toMatchObject({
        state: 'queued',
        attempts: 0,
        leaseOwner: next.leaseOwner,
      });
    }

    sink.acceptAll();
    await expectEachSentOnce(all);
  });

  it('sends a message that waited less than the hold limit under the claim that took it', async () => {
    const { all, first, waiting, claim } = await claimFourBehindASlowSend('PROMPT');
    sink.accept(addressOf(first));
    const next = await outboxOf(orderTo(waiting, await sink.nextHeld()));
    expect(next.leaseOwner).toBe(claim);

    sink.acceptAll();
    await expectEachSentOnce(all);
  });

  // Last: it stops the harness's instance; a replica sends from then on.
  it('hands back at a stop what it claimed and had not started, so a restart sends it at once', async () => {
    const { all, first, waiting } = await claimFourBehindASlowSend('STOP');
    const stopped = h.service.close();
    sink.accept(addressOf(first)); // the send in hand ends; the stop waits for it
    await stopped;
    for (const change of waiting) {
      expect(await outboxOf(change)).toMatchObject({
        state: 'queued',
        attempts: 0,
        leaseOwner: null,
        leaseUntil: null,
      });
    }

    sink.acceptAll();
    await h.replica();
    await expectEachSentOnce(all);
  });
});
