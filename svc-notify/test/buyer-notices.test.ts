import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuyerNotice } from '@onvelope/contracts';
import { createLogger } from '@onvelope/service-kit/observability';
import { startSellerNotices } from '@onvelope/service-kit/seller-notices';
import { connectTestDatabase, uniqueDatabaseName } from '@onvelope/testkit';
import {
  PUBLIC_SITE_URL,
  shippedChange,
  startNotifyHarness,
  type NotifyHarness,
  type Seller,
} from './support/notify-harness.js';

type QueryReply = Extract<BuyerNotice, { kind: 'query_reply' }>;

/** What svc-orders asks for when a seller answers a buyer's query. */
const queryReply = (fields: Partial<QueryReply> = {}): QueryReply => ({
  kind: 'query_reply',
  queryId: `query-${randomUUID()}`,
  replyId: randomUUID(),
  entryId: `entry-${randomUUID()}`,
  orderNumber: '1001',
  customerName: 'Ann Buyer',
  subject: 'Where is my parcel?',
  message: 'Hello,\nit has not arrived yet.\nThanks, Ann',
  reply: 'It left our warehouse today.\n\nTracking: RM123456785GB',
  ...fields,
});

const buyerAddress = () => `buyer-${randomUUID().slice(0, 8)}@example.com`;
const headerBlockOf = (raw: string) => raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');

describe("the seller's reply to a buyer's query, mailed by svc-notify (issue 34)", () => {
  let h: NotifyHarness;
  let seller: Seller;

  beforeAll(async () => {
    h = await startNotifyHarness();
    seller = await h.seller({ storeName: 'Acme Prints' });
    const saved = await h.call('PUT', '/api/notify/settings', {
      token: seller.token,
      body: {
        senderName: 'Acme Prints Shop',
        replyTo: 'hello@acme.example.com',
        accentColor: '#aa3300',
        logoUrl: 'https://cdn.acme.example.com/logo.png',
      },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(() => h.stop());

  /** The mails the sink received for the address, once there are `count`. */
  const mailsOnceThere = (address: string, count: number) =>
    h.eventually(async () => {
      const mails = await h.mailsTo(address);
      expect(mails.length).toBeGreaterThanOrEqual(count);
      return mails;
    }, 15_000);

  const historyOf = async (who: Seller, entryId: string) =>
    (await h.call('GET', `/api/notify/orders/${entryId}`, { token: who.token })).body;

  it("mails the buyer the reply and their question, in the seller's look, with the seller's headers", async () => {
    const to = buyerAddress();
    const notice = queryReply();
    await h.publishBuyerNotice(seller.accountId, to, notice);
    const envelope = await h.sink.waitForMail(to);
    // To the address the request names, and nowhere else (not the seller, not the Reply-To).
    expect(envelope.to).toEqual([to]);
    const [mail] = await h.mailsTo(to);
    expect(mail!.subject).toBe('Re: Where is my parcel? (order #1001)');
    expect(mail!.from?.value[0]).toEqual({
      name: 'Acme Prints Shop',
      address: 'no-reply@onvelope.local',
    });
    expect(mail!.replyTo?.value[0]?.address).toBe('hello@acme.example.com');
    const headers = headerBlockOf(mail!.raw);
    expect(headers).toMatch(
      /^List-Unsubscribe: <https:\/\/shop\.onvelope\.test\/api\/notify\/unsubscribe\/[^>\s]+>\r?$/m,
    );
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(headers).toMatch(/^Auto-Submitted: auto-generated\r?$/m);
    expect(headers).toMatch(/^Message-ID: <notify-[0-9a-f]{24}@shop\.onvelope\.test>\r?$/im);
    const unsubscribeUrl = /^List-Unsubscribe: <([^>]+)>/m.exec(headers)![1]!;

    // What svc-orders' own reply mail said, and the seller's look around it.
    const text = mail!.text ?? '';
    expect(text).toContain('Hi Ann Buyer,');
    expect(text).toContain('Acme Prints replied to your question about order #1001:');
    expect(text).toContain('It left our warehouse today.');
    expect(text).toContain('Tracking: RM123456785GB');
    expect(text).toContain('Your question:');
    expect(text).toContain('Where is my parcel?');
    expect(text).toContain('it has not arrived yet.');
    expect(text).toContain('To answer Acme Prints, reply to this e-mail.');
    expect(text).toContain(
      `With a buyer account for this e-mail address you also find the reply at ${PUBLIC_SITE_URL}/customer-dashboard.`,
    );
    expect(text).toContain('You are receiving this e-mail because you sent Acme Prints a question');
    expect(text).toContain(unsubscribeUrl);
    const html = String(mail!.html);
    expect(html).toContain(`href="${PUBLIC_SITE_URL}/customer-dashboard"`);
    expect(html).toContain('https://cdn.acme.example.com/logo.png');
    expect(html).toContain('#aa3300');
    expect(html).toContain(`href="${unsubscribeUrl}"`);

    // The order's history shows it beside the milestones; "Messages to you" does not.
    await h.eventually(async () => {
      const history = await historyOf(seller, notice.entryId!);
      expect(history).toEqual({
        success: true,
        notifications: [],
        notices: [
          {
            id: expect.any(String),
            kind: 'query_reply',
            queryId: notice.queryId,
            state: 'sent',
            reason: null,
            to,
            subject: 'Re: Where is my parcel? (order #1001)',
            attempts: 1,
            lastError: null,
            bounce: null,
            createdAt: expect.any(String),
            sentAt: expect.any(String),
          },
        ],
      });
    });
    const toSeller = await h.call('GET', '/api/notify/messages', { token: seller.token });
    expect(toSeller.body.messages).toEqual([]);
  });

  it('lists a reply in its order’s history beside the milestone messages', async () => {
    const change = shippedChange({ orderNumber: 'H-1' });
    await h.publishChanges(seller.accountId, [change]);
    await h.sink.waitForMail(change.customerEmail!);
    await h.publishBuyerNotice(
      seller.accountId,
      change.customerEmail!,
      queryReply({ entryId: change.entryId, orderNumber: 'H-1' }),
    );
    await mailsOnceThere(change.customerEmail!, 2);
    await h.eventually(async () => {
      const history = await historyOf(seller, change.entryId);
      expect(history.notifications).toMatchObject([{ milestone: 'shipped', state: 'sent' }]);
      expect(history.notices).toMatchObject([
        { kind: 'query_reply', state: 'sent', subject: 'Re: Where is my parcel? (order #H-1)' },
      ]);
    });
  });

  it('mails each reply once, however often it is asked for and delivered', async () => {
    const to = buyerAddress();
    const notice = queryReply({ subject: 'Once' });
    const noticeId = `orders:query_reply:${notice.queryId}:${notice.replyId}`;
    // The same message id (JetStream drops the copy), then the same notice under new message ids
    // (the publisher's relay publishing its record again, a redelivery after a lost ack).
    await h.publishBuyerNotice(seller.accountId, to, notice, {
      noticeId,
      messageId: `m-${noticeId}`,
    });
    await h.publishBuyerNotice(seller.accountId, to, notice, {
      noticeId,
      messageId: `m-${noticeId}`,
    });
    await h.publishBuyerNotice(seller.accountId, to, notice, { noticeId });
    await mailsOnceThere(to, 1);
    await h.publishBuyerNotice(seller.accountId, to, notice, {
      noticeId,
      messageId: `again-${noticeId}`,
    });

    // And as svc-orders asks: through the service kit's outbox, asked twice, plus a second reply.
    const publisherDb: Connection = await connectTestDatabase(uniqueDatabaseName('replies_pub'));
    const notices = await startSellerNotices({
      db: publisherDb,
      nats: h.nats,
      log: createLogger('replies-publisher', 'silent'),
    });
    try {
      const followUp = queryReply({ queryId: notice.queryId, subject: 'Once', reply: 'Again' });
      const followUpId = `orders:query_reply:${followUp.queryId}:${followUp.replyId}`;
      await notices.requestForBuyer(seller.accountId, followUpId, to, followUp);
      await notices.requestForBuyer(seller.accountId, followUpId, to, followUp);
      await mailsOnceThere(to, 2);
    } finally {
      await notices.stop();
      await publisherDb.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 800));
    const mails = await h.mailsTo(to);
    expect(mails).toHaveLength(2);
    expect(mails.map((mail) => (mail.text ?? '').includes('Again')).sort()).toEqual([false, true]);
    expect(
      await h.db
        .collection('notifications')
        .countDocuments({ accountId: seller.accountId, entryId: `notice:${noticeId}` }),
    ).toBe(1);
  });

  it("honours the seller's suppression list: an unsubscribed buyer is not mailed, and it says why", async () => {
    const to = buyerAddress();
    const first = queryReply();
    await h.publishBuyerNotice(seller.accountId, to, first);
    const mail = await h.sink.waitForMail(to);
    // One click on the reply's own List-Unsubscribe, as a mail program sends it.
    const unsubscribeUrl = /^List-Unsubscribe: <([^>]+)>/m.exec(headerBlockOf(mail.raw))![1]!;
    const clicked = await fetch(`${h.service.url}${new URL(unsubscribeUrl).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(await clicked.json()).toEqual({
      success: true,
      unsubscribed: true,
      storeName: 'Acme Prints',
    });

    // The next reply (to the address in other letters) and a milestone: neither is mailed.
    const second = queryReply({ queryId: first.queryId, entryId: first.entryId });
    await h.publishBuyerNotice(seller.accountId, to.toUpperCase(), second);
    await h.eventually(async () => {
      const history = await historyOf(seller, first.entryId!);
      expect(history.notices).toMatchObject([
        { state: 'sent', reason: null },
        { state: 'suppressed', reason: 'address_suppressed', to, attempts: 0 },
      ]);
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await h.mailsTo(to)).toHaveLength(1);

    // Per seller: another shop's reply to the same buyer still goes.
    const other = await h.seller({ storeName: 'Other Shop' });
    await h.publishBuyerNotice(other.accountId, to, queryReply({ subject: 'From the other shop' }));
    await mailsOnceThere(to, 2);
    expect((await h.mailsTo(to)).map((m) => m.subject)).toContain(
      'Re: From the other shop (order #1001)',
    );
  });

  it('records an address nobody can be mailed at as skipped, and mails nobody', async () => {
    const notice = queryReply();
    await h.publishBuyerNotice(seller.accountId, 'not an address', notice);
    await h.eventually(async () => {
      expect((await historyOf(seller, notice.entryId!)).notices).toMatchObject([
        { state: 'skipped', reason: 'no_customer_email', to: 'not an address', attempts: 0 },
      ]);
    });
  });

  it("never mails one seller's reply in another's name, nor shows it in another's history", async () => {
    const ann = await h.seller({ storeName: 'Ann’s Teapots' });
    const bob = await h.seller({ storeName: 'Bob’s Mugs' });
    const to = buyerAddress();
    // One notice id and one order id under two accounts: two messages, each its own seller's.
    const noticeId = `orders:query_reply:${randomUUID()}:r1`;
    const entryId = `entry-${randomUUID()}`;
    await h.publishBuyerNotice(ann.accountId, to, queryReply({ entryId, reply: 'From Ann' }), {
      noticeId,
    });
    await h.publishBuyerNotice(bob.accountId, to, queryReply({ entryId, reply: 'From Bob' }), {
      noticeId,
      messageId: `bob-${noticeId}`,
    });
    const mails = await mailsOnceThere(to, 2);
    const byText = (words: string) => mails.find((mail) => (mail.text ?? '').includes(words))!;
    expect(byText('From Ann').from?.value[0]?.name).toBe('Ann’s Teapots');
    expect(byText('From Ann').text).toContain('Ann’s Teapots replied to your question');
    expect(byText('From Bob').from?.value[0]?.name).toBe('Bob’s Mugs');
    expect(byText('From Bob').replyTo?.value[0]?.address).toBe(bob.email);

    await h.eventually(async () => {
      expect((await historyOf(ann, entryId)).notices).toHaveLength(1);
      expect((await historyOf(bob, entryId)).notices).toHaveLength(1);
    });
    expect((await historyOf(seller, entryId)).notices).toEqual([]);
  });

  it("escapes both sides' markup and keeps CR/LF out of the headers", async () => {
    const to = buyerAddress();
    await h.publishBuyerNotice(
      seller.accountId,
      to,
      queryReply({
        orderNumber: '1001\r\nBcc: thief@evil.example.com',
        customerName: '<script>alert("x")</script>',
        subject: 'Refund\r\nBcc: thief@evil.example.com \u202eexe.pdf',
        message: '<img src=x onerror=alert(1)>',
        reply: '<a href="https://evil.example.com">Click</a>',
      }),
    );
    const envelope = await h.sink.waitForMail(to);
    expect(envelope.to).toEqual([to]);
    expect(headerBlockOf(envelope.raw)).not.toMatch(/^(Bcc|Cc):/im);
    const [mail] = await h.mailsTo(to);
    expect(mail!.subject).toBe(
      'Re: Refund Bcc: thief@evil.example.com exe.pdf (order #1001 Bcc: thief@evil.example.com)',
    );
    const html = String(mail!.html);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('href="https://evil.example.com"');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('&lt;a href=');
    expect(mail!.text).toContain('<a href="https://evil.example.com">Click</a>');
    expect(mail!.text).toContain('<img src=x onerror=alert(1)>');
    expect(h.sink.messages().some((m) => m.to.includes('thief@evil.example.com'))).toBe(false);
  });
});
