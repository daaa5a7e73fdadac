import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingEntryChange } from '@onvelope/testkit';
import { startNotifyHarness, type NotifyHarness } from './support/notify-harness.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/**
 * Seller A's backlog, and how slowly A's endpoint answers each of them. Twice `B_BEHIND_AT_MOST`:
 * a claim that is not fair puts B's one event behind nearly all of it.
 */
const BACKLOG = 800;
const A_ANSWERS_AFTER_MS = 200;
/**
 * The bound on B's one event, in A's tries that may go before it: the claim in hand (4 rounds of
 * `WEBHOOK_CONCURRENCY`, 128) and the round or two in flight, about 200, whatever A's backlog; 400
 * leaves room for a loaded machine. Before the claim was fair, B waited 17.9 s, behind 990 of A's.
 */
const B_BEHIND_AT_MOST = 400;
/**
 * A's whole backlog takes over 10 s (16 connections an origin, 200 ms each). B waited 0.7 to 4 s
 * with the machine's load average at 13.
 */
const B_WITHIN_MS = 8_000;

describe('webhook deliveries are fair between sellers', () => {
  let h: NotifyHarness;
  let receiverA: WebhookReceiver;
  let receiverB: WebhookReceiver;

  beforeAll(async () => {
    h = await startNotifyHarness({ WEBHOOK_SEND_EVERY_MS: '100', WEBHOOK_CONCURRENCY: '32' });
    // Two origins: a sender keeps a pool of connections an origin, and B's must not wait in A's.
    [receiverA, receiverB] = await Promise.all([startWebhookReceiver(), startWebhookReceiver()]);
    receiverA.answerWith(() => ({ status: 200, delayMs: A_ANSWERS_AFTER_MS }));
  });

  afterAll(async () => {
    await receiverA.close();
    await receiverB.close();
    await h.stop();
  });

  const addEndpoint = async (token: string, url: string) => {
    const answer = await h.call('POST', '/api/notify/webhooks', {
      token,
      body: { url, events: ['order.created'] },
    });
    expect(answer.status, answer.text).toBe(201);
  };

  it("delivers another seller's one event within seconds, not behind a seller's backlog", async () => {
    const [sellerA, sellerB] = await Promise.all([h.seller(), h.seller()]);
    await addEndpoint(sellerA.token, `${receiverA.origin}/a`);
    await addEndpoint(sellerB.token, `${receiverB.origin}/b`);
    for (let first = 0; first < BACKLOG; first += 100) {
      await h.publishChanges(
        sellerA.accountId,
        Array.from({ length: 100 }, (_, i) => pendingEntryChange({ orderNumber: `A${first + i}` })),
      );
    }
    const deliveries = h.db.collection('webhook_deliveries');
    await h.eventually(
      async () =>
        expect(await deliveries.countDocuments({ accountId: sellerA.accountId })).toBe(BACKLOG),
      20_000,
    );
    await h.eventually(async () => expect(receiverA.received.length).toBeGreaterThan(0));

    const published = performance.now();
    await h.publishChanges(sellerB.accountId, [pendingEntryChange({ orderNumber: 'B1' })]);
    await h.eventually(async () => expect(receiverB.received).toHaveLength(1), 20_000);
    const waitedMs = performance.now() - published;
    const aDeliveredMeanwhile = receiverA.received.length;

    const seen = `B waited ${waitedMs.toFixed(0)} ms; A got ${aDeliveredMeanwhile} meanwhile`;
    expect(aDeliveredMeanwhile, seen).toBeLessThan(B_BEHIND_AT_MOST);
    expect(waitedMs, seen).toBeLessThan(B_WITHIN_MS);
    // A's backlog still all goes out, each once.
    await h.eventually(async () => expect(receiverA.received).toHaveLength(BACKLOG), 60_000);
    const ids = receiverA.received.map((webhook) => webhook.headers['webhook-id']);
    expect(new Set(ids).size).toBe(BACKLOG);
  }, 120_000);
});
