import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUnsubscribeToken } from '../src/index.js';
import {
  shippedChange,
  startNotifyHarness,
  UNSUBSCRIBE_SECRET,
  unsubscribePathOf,
  type NotifyHarness,
  type Seller,
} from './support/notify-harness.js';

describe('unsubscribing, without signing in', () => {
  let h: NotifyHarness;
  let seller: Seller;
  beforeAll(async () => {
    h = await startNotifyHarness();
    seller = await h.seller({ storeName: 'Acme Prints' });
  });
  afterAll(() => h.stop());

  it('one click (RFC 8058 POST) stops that seller’s mails to the address for good', async () => {
    const first = shippedChange({ orderNumber: 'U-1' });
    const buyer = first.customerEmail!;
    await h.publishChanges(seller.accountId, [first]);
    const mail = await h.sink.waitForMail(buyer);
    const path = unsubscribePathOf(mail.raw);

    // What a mail program sends for List-Unsubscribe-Post: a form body, no cookie, no token.
    const clicked = await fetch(`${h.service.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status).toBe(200);
    expect(await clicked.json()).toEqual({
      success: true,
      unsubscribed: true,
      storeName: 'Acme Prints',
    });

    const list = await h.call('GET', '/api/notify/suppressions', { token: seller.token });
    expect(list.body.suppressions).toMatchObject([
      { email: buyer, reason: 'unsubscribed', detail: null },
    ]);

    // A later milestone of the same order and a new order to the same buyer: never mailed.
    await h.publishChanges(seller.accountId, [
      { ...first, version: 2, carrierStatus: 'failure' },
      shippedChange({ orderNumber: 'U-2', customerEmail: buyer.toUpperCase() }),
    ]);
    await h.eventually(async () => {
      const docs = await h.db
        .collection('notifications')
        .find({ accountId: seller.accountId, to: buyer, state: { $ne: 'sent' } })
        .toArray();
      expect(docs.map((doc) => doc.reason)).toEqual(['address_suppressed', 'address_suppressed']);
    });
    expect(await h.mailsTo(buyer)).toHaveLength(1);
  });

  it('a GET shows a page that asks and changes nothing; its button posts to the same address', async () => {
    const change = shippedChange({ orderNumber: 'U-3' });
    await h.publishChanges(seller.accountId, [change]);
    const path = unsubscribePathOf((await h.sink.waitForMail(change.customerEmail!)).raw);
    const page = await h.call('GET', path, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain('Stop e-mails from Acme Prints');
    expect(page.text).toContain('<form method="post">');
    const asJson = await h.call('GET', path, { headers: { accept: 'application/json' } });
    expect(asJson.body).toEqual({ success: true, unsubscribed: false, storeName: 'Acme Prints' });

    const confirmed = await h.call('POST', path, { headers: { accept: 'text/html' } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('You are unsubscribed');
    // A second click answers the same.
    expect((await h.call('POST', path, { headers: { accept: 'application/json' } })).body).toEqual({
      success: true,
      unsubscribed: true,
      storeName: 'Acme Prints',
    });
  });

  it('refuses a link that was tampered with or signed by someone else', async () => {
    const genuine = signUnsubscribeToken(UNSUBSCRIBE_SECRET, {
      accountId: seller.accountId,
      email: 'someone@example.com',
    });
    const forged = signUnsubscribeToken('not-the-secret-of-this-service', {
      accountId: seller.accountId,
      email: 'someone@example.com',
    });
    for (const token of [forged, `${genuine}x`, 'nonsense']) {
      const answer = await h.call('POST', `/api/notify/unsubscribe/${token}`, {
        headers: { accept: 'application/json' },
      });
      expect(answer).toMatchObject({
        status: 400,
        body: { error: 'This unsubscribe link is not valid.' },
      });
    }
    const list = await h.call('GET', '/api/notify/suppressions', { token: seller.token });
    expect(list.body.suppressions.map((s: { email: string }) => s.email)).not.toContain(
      'someone@example.com',
    );
  });

  it('keeps one seller’s unsubscribes to that seller', async () => {
    const other = await h.seller({ storeName: 'Other Shop' });
    const list = await h.call('GET', '/api/notify/suppressions', { token: other.token });
    expect(list.body.suppressions).toEqual([]);
  });
});

describe('when the mail server refuses an address for good', () => {
  let h: NotifyHarness;
  let server: SMTPServer;
  const received: string[] = [];

  beforeAll(async () => {
    // A mail server that refuses one mailbox with 550 at RCPT TO, as a real one does.
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('gone-')) {
          const error = Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 });
          callback(error);
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((to) => to.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    h = await startNotifyHarness({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await h.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('fails the message, suppresses the address for that seller and shows why', async () => {
    const seller = await h.seller();
    const change = shippedChange({ orderNumber: 'R-1', customerEmail: 'gone-ann@example.com' });
    await h.publishChanges(seller.accountId, [change]);
    await h.eventually(async () => {
      const history = await h.call('GET', `/api/notify/orders/${change.entryId}`, {
        token: seller.token,
      });
      expect(history.body.notifications).toMatchObject([
        { state: 'failed', reason: 'address_refused', attempts: 1 },
      ]);
      expect(history.body.notifications[0].lastError).toContain('550');
    });
    const list = await h.call('GET', '/api/notify/suppressions', { token: seller.token });
    expect(list.body.suppressions).toMatchObject([
      { email: 'gone-ann@example.com', reason: 'refused' },
    ]);
    // The next milestone is not even tried.
    await h.publishChanges(seller.accountId, [{ ...change, version: 2, carrierStatus: 'failure' }]);
    await h.eventually(async () => {
      const docs = await h.notificationsOf(seller.accountId, change.entryId);
      expect(docs.map((doc) => doc.state)).toEqual(['failed', 'skipped']);
      expect(docs[1]).toMatchObject({ reason: 'address_suppressed' });
    });
    expect(received).not.toContain('gone-ann@example.com');
  });

  it("does the same for the seller's reply to a buyer's query", async () => {
    const seller = await h.seller();
    const entryId = `entry-${seller.accountId}`;
    await h.publishBuyerNotice(seller.accountId, 'gone-bob@example.com', {
      kind: 'query_reply',
      queryId: 'q-refused',
      replyId: 'r1',
      entryId,
      orderNumber: 'R-2',
      customerName: 'Bob',
      subject: 'Where is it?',
      message: 'Hello',
      reply: 'On its way',
    });
    await h.eventually(async () => {
      const history = await h.call('GET', `/api/notify/orders/${entryId}`, {
        token: seller.token,
      });
      expect(history.body.notices).toMatchObject([
        { state: 'failed', reason: 'address_refused', attempts: 1 },
      ]);
      expect(history.body.notices[0].lastError).toContain('550');
    });
    const list = await h.call('GET', '/api/notify/suppressions', { token: seller.token });
    expect(list.body.suppressions).toMatchObject([
      { email: 'gone-bob@example.com', reason: 'refused' },
    ]);
    expect(received).not.toContain('gone-bob@example.com');
  });
});
