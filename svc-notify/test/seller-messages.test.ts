import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerProfileChanged, type SellerNotice } from '@onvelope/contracts';
import { createLogger } from '@onvelope/service-kit/observability';
import { publishEvent } from '@onvelope/service-kit/nats';
import { startSellerNotices } from '@onvelope/service-kit/seller-notices';
import {
  connectTestDatabase,
  publishBillingState,
  testInfra,
  trialRunning,
  uniqueDatabaseName,
} from '@onvelope/testkit';
import {
  PUBLIC_SITE_URL,
  startNotifyHarness,
  type NotifyHarness,
  type Seller,
} from './support/notify-harness.js';

const buyerQuery = (fields: Partial<Extract<SellerNotice, { kind: 'buyer_query' }>> = {}) =>
  ({
    kind: 'buyer_query',
    queryId: `query-${randomUUID()}`,
    orderNumber: '1001',
    customerName: 'Ann Buyer',
    customerEmail: 'ann@example.com',
    subject: 'Where is my parcel?',
    message: 'Hello,\nit has not arrived yet.\nThanks, Ann',
    ...fields,
  }) satisfies SellerNotice;

describe('messages to the seller about their own account (issue 34)', () => {
  let h: NotifyHarness;
  let seller: Seller;

  beforeAll(async () => {
    h = await startNotifyHarness();
    seller = await h.seller({ storeName: 'Acme Prints', timeZone: 'America/New_York' });
  });
  afterAll(() => h.stop());

  /** The mails the sink received for the address, once there are `count`. */
  const mailsOnceThere = (address: string, count: number) =>
    h.eventually(async () => {
      const mails = await h.mailsTo(address);
      expect(mails.length).toBeGreaterThanOrEqual(count);
      return mails;
    }, 15_000);

  const bySubject = async (address: string, subject: string) =>
    h.eventually(async () => {
      const mail = (await h.mailsTo(address)).find((m) => m.subject === subject);
      expect(mail, `a mail "${subject}" to ${address}`).toBeDefined();
      return mail!;
    }, 15_000);

  const headerBlockOf = (raw: string) => raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');

  it('mails each kind to the seller’s own address, in their time zone, with the place to act', async () => {
    const notices: [SellerNotice, string, string[], string][] = [
      [
        buyerQuery(),
        'New query about order #1001 from Ann Buyer: Where is my parcel?',
        ['Ann Buyer sent a query about order #1001', 'it has not arrived yet.', 'Subject: Where'],
        '/dashboard',
      ],
      [
        { kind: 'trial_ending', trialEnd: '2026-12-03T03:00:00.000Z' },
        // 03:00 UTC on the 3rd is the evening of the 2nd in New York.
        'Your ONVELOPE free trial ends on Wednesday 2 December',
        ['Your free trial of ONVELOPE ends on Wednesday 2 December.'],
        '/pricing',
      ],
      [
        { kind: 'trial_ended', trialEnd: '2026-12-05T15:00:00.000Z' },
        'Your ONVELOPE free trial has ended',
        ['Your free trial ended on Saturday 5 December, so your workspace is closed.'],
        '/pricing?reason=trial_expired',
      ],
      [
        {
          kind: 'payment_failed',
          amountDue: 1250,
          currency: 'gbp',
          graceUntil: '2026-12-10T12:00:00.000Z',
        },
        'We could not take your ONVELOPE payment',
        [
          'We could not take your payment of £12.50.',
          'Your workspace stays open until Thursday 10 December.',
          'Manage billing',
        ],
        '/account-settings',
      ],
      [
        { kind: 'subscription_cancelled', endedAt: '2026-12-01T12:00:00.000Z' },
        'Your ONVELOPE subscription has ended',
        ['Your subscription ended on Tuesday 1 December'],
        '/pricing?reason=subscription_cancelled',
      ],
      [
        { kind: 'sync_failed', storeName: 'Teapot Emporium', reason: 'The store timed out' },
        'Orders from Teapot Emporium could not be synced',
        [
          'stopped syncing orders from Teapot Emporium',
          'Reason: The store timed out',
          'INTEGRATIONS',
        ],
        '/account-settings?tab=integrations',
      ],
      [
        { kind: 'store_authorization_expired', storeName: 'Teapot Emporium' },
        'Connect Teapot Emporium again to keep your orders in sync',
        ['Teapot Emporium no longer accepts', 'INTEGRATIONS'],
        '/account-settings?tab=integrations',
      ],
    ];
    for (const [notice] of notices) await h.publishNotice(seller.accountId, notice);

    for (const [, subject, words, path] of notices) {
      const mail = await bySubject(seller.email, subject);
      const text = mail.text ?? '';
      for (const word of words) expect(text, subject).toContain(word);
      expect(text).toContain(`${PUBLIC_SITE_URL}${path}`);
      expect(String(mail.html)).toContain(`href="${PUBLIC_SITE_URL}${path}"`);
      expect(text).toContain('You receive this');
      const headers = headerBlockOf(mail.raw);
      // The seller's own account mail: nothing to unsubscribe from, and it says why it came.
      expect(headers).not.toMatch(/^List-Unsubscribe/im);
      expect(headers).toMatch(/^Auto-Submitted: auto-generated\r?$/m);
      expect(mail.from?.value[0]?.address).toBe('no-reply@onvelope.local');
    }
    // Sent to the seller's address and nowhere else (not to the buyer who asked).
    const envelopes = h.sink.messages().filter((m) => m.to.includes(seller.email));
    expect(envelopes).toHaveLength(notices.length);
    for (const envelope of envelopes) expect(envelope.to).toEqual([seller.email]);
    expect(h.sink.messages().some((m) => m.to.includes('ann@example.com'))).toBe(false);

    const listed = await h.eventually(async () => {
      const answer = await h.call('GET', '/api/notify/messages', { token: seller.token });
      expect(answer.status).toBe(200);
      expect(answer.body.messages).toHaveLength(notices.length);
      for (const message of answer.body.messages) {
        expect(message).toMatchObject({
          state: 'sent',
          to: seller.email,
          reason: null,
          attempts: 1,
          queryCount: null,
        });
      }
      return answer;
    });
    expect(
      (listed.body.messages as { kind: string }[]).map((message) => message.kind).sort(),
    ).toEqual(notices.map(([notice]) => notice.kind).sort());
    const subjects = (listed.body.messages as { subject: string }[]).map((m) => m.subject);
    expect(subjects).toContain('Your ONVELOPE subscription has ended');
  });

  it('sends billing messages to a seller whose workspace is closed', async () => {
    const lapsed = await h.seller();
    await publishBillingState(testInfra().natsUrl, {
      accountId: lapsed.accountId,
      version: 2,
      trialEnd: new Date(Date.now() - 60_000).toISOString(),
      subscriptionStatus: null,
      graceUntil: null,
    });
    await h.publishNotice(lapsed.accountId, {
      kind: 'trial_ended',
      trialEnd: new Date(Date.now() - 60_000).toISOString(),
    });
    await bySubject(lapsed.email, 'Your ONVELOPE free trial has ended');
  });

  it('sends a notice once, however often it is asked for and delivered', async () => {
    const ann = await h.seller();
    const notice = { kind: 'sync_failed', storeName: 'Once', reason: 'Timed out' } as const;
    const noticeId = `sync:failed:${randomUUID()}`;
    // The same message id (JetStream drops the copy), then the same notice under new message ids
    // (a publisher's relay publishing its record again, or a redelivery after a lost ack).
    await h.publishNotice(ann.accountId, notice, { noticeId, messageId: `m-${noticeId}` });
    await h.publishNotice(ann.accountId, notice, { noticeId, messageId: `m-${noticeId}` });
    await h.publishNotice(ann.accountId, notice, { noticeId });
    await mailsOnceThere(ann.email, 1);
    await h.publishNotice(ann.accountId, notice, { noticeId, messageId: `again-${noticeId}` });

    // And as the other services ask: through the service kit's own outbox, asked twice.
    const publisherDb: Connection = await connectTestDatabase(uniqueDatabaseName('notices_pub'));
    const notices = await startSellerNotices({
      db: publisherDb,
      nats: h.nats,
      log: createLogger('notices-publisher', 'silent'),
    });
    try {
      const trialEnd = '2026-12-03T03:00:00.000Z';
      const kitNoticeId = `billing:trial_ending:${ann.accountId}:${trialEnd}`;
      await notices.request(ann.accountId, kitNoticeId, { kind: 'trial_ending', trialEnd });
      await notices.request(ann.accountId, kitNoticeId, { kind: 'trial_ending', trialEnd });
      await mailsOnceThere(ann.email, 2);
    } finally {
      await notices.stop();
      await publisherDb.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 800));
    const mails = await h.mailsTo(ann.email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Orders from Once could not be synced',
      'Your ONVELOPE free trial ends on Thursday 3 December',
    ]);
    expect(
      await h.db
        .collection('notifications')
        .countDocuments({ accountId: ann.accountId, entryId: `notice:${noticeId}` }),
    ).toBe(1);
  });

  it('keeps a message until svc-auth says the seller’s address, then sends it at once', async () => {
    const accountId = `acct-new-${randomUUID()}`;
    await publishBillingState(testInfra().natsUrl, trialRunning(accountId));
    const token = await h.issuer.merchantToken(accountId);
    await h.publishNotice(accountId, buyerQuery({ orderNumber: 'EARLY-1' }));
    const waiting = await h.eventually(async () => {
      const listed = await h.call('GET', '/api/notify/messages', { token });
      expect(listed.body.messages).toMatchObject([
        { kind: 'buyer_query', state: 'queued', reason: 'awaiting_seller_address', to: null },
      ]);
      return listed.body.messages[0];
    });
    expect(waiting.attempts).toBe(0);

    // The profile arrives: the message goes now, not at the next look (15 minutes by default).
    const email = `late-${randomUUID().slice(0, 8)}@example.com`;
    await publishEvent(
      h.nats,
      sellerProfileChanged,
      {
        accountId,
        email,
        storeName: 'Late Shop',
        website: null,
        timeZone: 'Europe/London',
        changedAt: new Date().toISOString(),
      },
      `profile-${accountId}`,
    );
    const mail = await h.sink.waitForMail(email, { timeoutMs: 10_000 });
    expect(mail.to).toEqual([email]);
    // Marked sent right after the mail server's answer.
    await h.eventually(async () => {
      const listed = await h.call('GET', '/api/notify/messages', { token });
      expect(listed.body.messages).toMatchObject([
        { kind: 'buyer_query', state: 'sent', reason: null, to: email, attempts: 1 },
      ]);
    });
  });

  it('never sends one seller’s message to another, nor lists it', async () => {
    const ann = await h.seller();
    const bob = await h.seller();
    // The same notice id under two accounts is two messages, each to its own account.
    const noticeId = `orders:query:${randomUUID()}`;
    await h.publishNotice(ann.accountId, buyerQuery({ subject: 'For Ann' }), { noticeId });
    await h.publishNotice(bob.accountId, buyerQuery({ subject: 'For Bob' }), {
      noticeId,
      messageId: `bob-${noticeId}`,
    });
    await mailsOnceThere(ann.email, 1);
    await mailsOnceThere(bob.email, 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await h.mailsTo(ann.email)).map((mail) => mail.subject)).toEqual([
      'New query about order #1001 from Ann Buyer: For Ann',
    ]);
    expect((await h.mailsTo(bob.email)).map((mail) => mail.subject)).toEqual([
      'New query about order #1001 from Ann Buyer: For Bob',
    ]);
    const anns = await h.call('GET', '/api/notify/messages', { token: ann.token });
    expect(anns.body.messages).toHaveLength(1);
    expect(anns.body.messages[0].subject).toContain('For Ann');
    expect((await h.call('GET', '/api/notify/messages')).status).toBe(401);
  });

  it('escapes a buyer’s markup and keeps CR/LF out of the subject', async () => {
    const ann = await h.seller();
    await h.publishNotice(
      ann.accountId,
      buyerQuery({
        orderNumber: '1001\r\nBcc: thief@evil.example.com',
        customerName: '<script>alert("x")</script>',
        customerEmail: 'ann@example.com\r\nCc: thief@evil.example.com',
        subject: 'Refund\r\nBcc: thief@evil.example.com \u202eexe.pdf',
        message: '<img src=x onerror=alert(1)>\n<a href="https://evil.example.com">Click</a>',
      }),
    );
    const mail = await h.sink.waitForMail(ann.email);
    expect(mail.to).toEqual([ann.email]);
    const headers = mail.raw.split(/\r?\n\r?\n/)[0]!;
    expect(headers).not.toMatch(/^(Bcc|Cc):/im);
    const [parsed] = await h.mailsTo(ann.email);
    expect(parsed!.subject).toBe(
      'New query about order #1001 Bcc: thief@evil.example.com from <script>alert("x")</script>: ' +
        'Refund Bcc: thief@evil.example.com exe.pdf',
    );
    const html = String(parsed!.html);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('href="https://evil.example.com"');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(parsed!.text).toContain('<img src=x onerror=alert(1)>');
    expect(h.sink.messages().some((m) => m.to.includes('thief@evil.example.com'))).toBe(false);
  });
});
