import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishBillingState } from '@onvelope/testkit';
import { testInfra } from '@onvelope/testkit';
import {
  PUBLIC_SITE_URL,
  shippedChange,
  startNotifyHarness,
  type NotifyHarness,
  type Seller,
} from './support/notify-harness.js';

describe('buyer messages at the shipping milestones', () => {
  let h: NotifyHarness;
  let seller: Seller;

  beforeAll(async () => {
    h = await startNotifyHarness();
    seller = await h.seller({ storeName: 'Acme Prints' });
    // Every milestone on for these tests (shipped and problem are on by default).
    const saved = await h.call('PUT', '/api/notify/settings', {
      token: seller.token,
      body: {
        milestones: { out_for_delivery: true, delivered: true },
        senderName: 'Acme Prints Shop',
        replyTo: 'hello@acme.example.com',
        accentColor: '#AA3300',
        logoUrl: 'https://cdn.acme.example.com/logo.png',
      },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(() => h.stop());

  it('mails a shipping confirmation with the courier, tracking number, link, items and headers', async () => {
    const change = shippedChange({
      estimatedDeliveryAt: '2026-12-03T12:00:00.000Z',
    });
    await h.publishChanges(seller.accountId, [change]);
    const mail = await h.sink.waitForMail(change.customerEmail!);
    const [parsed] = await h.mailsTo(change.customerEmail!);
    expect(parsed!.subject).toBe('Your order #1001 from Acme Prints is on its way');
    expect(parsed!.from?.value[0]).toEqual({
      name: 'Acme Prints Shop',
      address: 'no-reply@onvelope.local',
    });
    expect(parsed!.replyTo?.value[0]?.address).toBe('hello@acme.example.com');
    // Long header lines are folded at a space (RFC 5322 §2.2.3): read them unfolded.
    const headers = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(
      /^List-Unsubscribe: <https:\/\/shop\.onvelope\.test\/api\/notify\/unsubscribe\/[^>\s]+>\r?$/m,
    );
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(headers).toMatch(/^Auto-Submitted: auto-generated\r?$/m);
    const unsubscribeLink = /^List-Unsubscribe: <([^>]+)>/m.exec(headers);
    const text = parsed!.text ?? '';
    expect(text).toContain('Acme Prints has sent your order with Royal Mail.');
    expect(text).toContain('Tracking number: AB123456789GB');
    expect(text).toContain('Estimated delivery: Thursday 3 December');
    expect(text).toContain('2 × Canvas tote bag');
    const trackUrl = `${PUBLIC_SITE_URL}/track?order=1001&email=${encodeURIComponent(change.customerEmail!)}`;
    expect(text).toContain(trackUrl);
    const html = String(parsed!.html);
    expect(html).toContain(`href="${trackUrl.replaceAll('&', '&amp;')}"`);
    expect(html).toContain('https://cdn.acme.example.com/logo.png');
    expect(html).toContain('#aa3300');
    expect(html).toContain(`href="${unsubscribeLink![1]}"`);

    // The sink holds the mail as soon as the SMTP server has taken it, a moment before the sender
    // records it as sent.
    await h.eventually(async () => {
      const history = await h.call('GET', `/api/notify/orders/${change.entryId}`, {
        token: seller.token,
      });
      expect(history.body.notifications).toMatchObject([
        {
          milestone: 'shipped',
          state: 'sent',
          reason: null,
          to: change.customerEmail,
          subject: 'Your order #1001 from Acme Prints is on its way',
          attempts: 1,
        },
      ]);
    });
  });

  it('mails out for delivery, delivered and each problem in its own words, only to the order’s own address', async () => {
    const base = shippedChange({ orderNumber: 'B-2002' });
    await h.publishChanges(seller.accountId, [base]);
    await h.sink.waitForMail(base.customerEmail!);
    await h.publishChanges(seller.accountId, [
      {
        ...base,
        version: 2,
        carrierStatus: 'out_for_delivery',
        estimatedDeliveryAt: new Date().toISOString(),
      },
    ]);
    await h.publishChanges(seller.accountId, [
      {
        ...base,
        version: 3,
        status: 'delivered',
        carrierStatus: 'delivered',
        deliveredAt: '2026-11-20T10:00:00.000Z',
      },
    ]);
    await h.eventually(async () => expect(await h.mailsTo(base.customerEmail!)).toHaveLength(3));
    const mails = await h.mailsTo(base.customerEmail!);
    const bySubject = mails.map((mail) => mail.subject).sort();
    expect(bySubject).toEqual([
      'Your order #B-2002 from Acme Prints is on its way',
      'Your order #B-2002 has been delivered',
      'Your order #B-2002 is out for delivery',
    ]);
    const delivered = mails.find((mail) => mail.subject?.includes('delivered'))!;
    expect(delivered.text).toContain('was delivered on Friday 20 November');
    expect(delivered.text).not.toContain('Estimated delivery');
    for (const mail of mails)
      expect(mail.to && 'value' in mail.to ? mail.to.value.map((v) => v.address) : []).toEqual([
        base.customerEmail,
      ]);

    const problems = [
      ['failure', 'We could not deliver your order #P-1', 'nobody could take it in'],
      ['error', 'A problem with the delivery of your order #P-2', 'reported a problem'],
      [
        'return_to_sender',
        'Your order #P-3 is being returned to Acme Prints',
        'returning it to Acme Prints',
      ],
      ['available_for_pickup', 'Your order #P-4 is ready to collect', 'collection point'],
    ] as const;
    const changes = problems.map(([carrierStatus], index) =>
      shippedChange({
        orderNumber: `P-${index + 1}`,
        carrierStatus,
        estimatedDeliveryAt: new Date().toISOString(),
      }),
    );
    await h.publishChanges(seller.accountId, changes);
    for (const [index, [, subject, words]] of problems.entries()) {
      await h.sink.waitForMail(changes[index]!.customerEmail!);
      const [mail] = await h.mailsTo(changes[index]!.customerEmail!);
      expect(mail!.subject).toBe(subject);
      expect(mail!.text).toContain(words);
      expect(mail!.text).not.toContain('Estimated delivery');
    }
  });

  it('sends each milestone once, however often the event is delivered', async () => {
    const change = shippedChange({ orderNumber: 'ONCE-1' });
    // The same message id (JetStream drops the copy), then a new one with the same change (a
    // republish), then a later change that is still "shipped".
    await h.publishChanges(seller.accountId, [change], 'fixed-id-once-1');
    await h.publishChanges(seller.accountId, [change], 'fixed-id-once-1');
    await h.publishChanges(seller.accountId, [change]);
    await h.publishChanges(seller.accountId, [{ ...change, version: 2, courier: 'DPD' }]);
    await h.sink.waitForMail(change.customerEmail!);
    // Direct proof that a decided milestone stays decided: replay the change after the progress
    // record is gone (as if the consumer died before writing it).
    await h.db.collection('entry_progress').deleteMany({ entryId: change.entryId });
    await h.publishChanges(seller.accountId, [{ ...change, version: 3 }]);
    await h.eventually(async () => {
      const progress = await h.db.collection('entry_progress').findOne({ entryId: change.entryId });
      expect(progress?.version).toBe(3);
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await h.mailsTo(change.customerEmail!)).toHaveLength(1);
    expect(await h.notificationsOf(seller.accountId, change.entryId)).toHaveLength(1);
  });

  it('escapes HTML in order fields and keeps CR/LF out of the headers', async () => {
    const change = shippedChange({
      orderNumber: '1001\r\nBcc: thief@evil.example.com',
      customerName: '<script>alert("x")</script>',
      courier: '<b>Royal</b> Mail',
      items: [{ name: '<img src=x onerror=alert(1)>', imageUrl: null, quantity: 1, price: null }],
    });
    await h.publishChanges(seller.accountId, [change]);
    const mail = await h.sink.waitForMail(change.customerEmail!);
    expect(mail.to).toEqual([change.customerEmail]);
    const headerBlock = mail.raw.split(/\r?\n\r?\n/)[0]!;
    expect(headerBlock).not.toMatch(/^Bcc:/im);
    const [parsed] = await h.mailsTo(change.customerEmail!);
    expect(parsed!.subject).toBe(
      'Your order #1001 Bcc: thief@evil.example.com from Acme Prints is on its way',
    );
    const html = String(parsed!.html);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>Royal</b>');
    expect(html).toContain('&lt;script&gt;');
    expect(h.sink.messages().some((m) => m.to.includes('thief@evil.example.com'))).toBe(false);
  });

  it('lists the first 20 lines of a 1,000-line order and counts the rest', async () => {
    const items = Array.from({ length: 1_000 }, (_, i) => ({
      name: `Line ${i + 1}`,
      imageUrl: null,
      quantity: 1,
      price: 1,
    }));
    const change = shippedChange({ orderNumber: 'BIG-1', items });
    await h.publishChanges(seller.accountId, [change]);
    await h.sink.waitForMail(change.customerEmail!);
    const [parsed] = await h.mailsTo(change.customerEmail!);
    expect(parsed!.text).toContain('1 × Line 20');
    expect(parsed!.text).not.toContain('Line 21');
    expect(parsed!.text).toContain('and 980 more items');
    expect(Buffer.byteLength(String(parsed!.html))).toBeLessThan(102_000);
  });

  it('sends nothing for an order that first arrives long delivered, and says why', async () => {
    const change = shippedChange({
      orderNumber: 'OLD-1',
      status: 'delivered',
      shippedAt: '2025-01-02T10:00:00.000Z',
      deliveredAt: '2025-01-05T10:00:00.000Z',
    });
    await h.publishChanges(seller.accountId, [change]);
    const [doc] = await h.eventually(async () => {
      const docs = await h.notificationsOf(seller.accountId, change.entryId);
      expect(docs).toHaveLength(1);
      return docs;
    });
    expect(doc).toMatchObject({ state: 'skipped', reason: 'imported_past_milestone' });
    expect(await h.mailsTo(change.customerEmail!)).toEqual([]);
  });

  it('sends nothing for a milestone the seller turned off, and says why', async () => {
    const other = await h.seller();
    await h.call('PUT', '/api/notify/settings', {
      token: other.token,
      body: { milestones: { shipped: false } },
    });
    const change = shippedChange({ orderNumber: 'OFF-1' });
    await h.publishChanges(other.accountId, [change]);
    await h.eventually(async () => {
      const history = await h.call('GET', `/api/notify/orders/${change.entryId}`, {
        token: other.token,
      });
      expect(history.body.notifications).toMatchObject([
        { milestone: 'shipped', state: 'skipped', reason: 'milestone_turned_off' },
      ]);
    });
    // Delivered is off by default for a seller who never chose.
    await h.publishChanges(other.accountId, [
      { ...change, version: 2, status: 'delivered', deliveredAt: new Date().toISOString() },
    ]);
    await h.eventually(async () =>
      expect(await h.notificationsOf(other.accountId, change.entryId)).toHaveLength(2),
    );
    expect(await h.mailsTo(change.customerEmail!)).toEqual([]);
  });

  it('sends nothing once the seller’s trial has ended without a subscription', async () => {
    const lapsed = await h.seller();
    await publishBillingState(testInfra().natsUrl, {
      accountId: lapsed.accountId,
      version: 2,
      trialEnd: new Date(Date.now() - 60_000).toISOString(),
      subscriptionStatus: null,
      graceUntil: null,
    });
    const change = shippedChange({ orderNumber: 'LAPSED-1' });
    await h.publishChanges(lapsed.accountId, [change]);
    await h.eventually(async () => {
      const docs = await h.notificationsOf(lapsed.accountId, change.entryId);
      expect(docs).toMatchObject([{ state: 'skipped', reason: 'workspace_closed' }]);
    });
    expect(await h.mailsTo(change.customerEmail!)).toEqual([]);
  });

  it('sends nothing to an order without a customer address, and says why', async () => {
    const change = shippedChange({ orderNumber: 'NOMAIL-1', customerEmail: null });
    await h.publishChanges(seller.accountId, [change]);
    await h.eventually(async () => {
      const docs = await h.notificationsOf(seller.accountId, change.entryId);
      expect(docs).toMatchObject([{ state: 'skipped', reason: 'no_customer_email', to: null }]);
    });
  });
});
