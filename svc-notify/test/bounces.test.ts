import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@onvelope/testkit';
import { bounceAddressFor } from '../src/index.js';
import {
  shippedChange,
  startNotifyHarness,
  UNSUBSCRIBE_SECRET,
  type NotifyHarness,
  type Seller,
} from './support/notify-harness.js';
import { sendOverSmtp } from './support/smtp-client.js';

const BOUNCE_ADDRESS = 'bounces@bounces.onvelope.test';

/** A delivery status notification (RFC 3464) as a receiving mail server sends it back. */
const deliveryReport = (
  recipient: string,
  fields: { action: string; status: string; diagnostic?: string },
) =>
  [
    'From: Mail Delivery System <MAILER-DAEMON@mx.buyer.example>',
    `To: ${BOUNCE_ADDRESS}`,
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="REPORT"',
    '',
    '--REPORT',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.buyer.example. Your message could not be delivered.',
    '',
    '--REPORT',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.buyer.example',
    'Arrival-Date: Sat, 28 Nov 2026 12:00:00 +0000',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Original-Recipient: rfc822;${recipient}`,
    `Action: ${fields.action}`,
    `Status: ${fields.status}`,
    ...(fields.diagnostic ? [`Diagnostic-Code: smtp; ${fields.diagnostic}`] : []),
    '',
    '--REPORT',
    'Content-Type: text/rfc822-headers',
    '',
    `To: ${recipient}`,
    'Subject: Your order #1001 is on its way',
    '',
    '--REPORT--',
    '',
  ].join('\r\n');

describe('delivery reports that come back after the mail server accepted a message', () => {
  let h: NotifyHarness;
  let seller: Seller;
  let intakePort: number;

  beforeAll(async () => {
    intakePort = await freePort();
    h = await startNotifyHarness({
      BOUNCE_ADDRESS,
      BOUNCE_SMTP_PORT: String(intakePort),
      BOUNCE_SMTP_HOST: '127.0.0.1',
    });
    seller = await h.seller({ storeName: 'Bounce Books' });
  });
  afterAll(() => h.stop());

  /** Ships an order to a new buyer and answers the sent message's id and its tagged envelope sender. */
  async function shippedTo(orderNumber: string) {
    const change = shippedChange({ orderNumber });
    await h.publishChanges(seller.accountId, [change]);
    await h.sink.waitForMail(change.customerEmail!);
    const [doc] = await h.eventually(async () => {
      const docs = await h.notificationsOf(seller.accountId, change.entryId);
      expect(docs[0]).toMatchObject({ state: 'sent' });
      return docs;
    });
    const id = String(doc!._id);
    return {
      change,
      buyer: change.customerEmail!,
      verp: bounceAddressFor(UNSUBSCRIBE_SECRET, BOUNCE_ADDRESS, id),
    };
  }

  const historyOf = async (entryId: string) =>
    (await h.call('GET', `/api/notify/orders/${entryId}`, { token: seller.token })).body
      .notifications;
  const suppressions = async () =>
    (await h.call('GET', '/api/notify/suppressions', { token: seller.token })).body.suppressions;

  it('fails the message on a 5.x.x report, suppresses the address for the seller and shows why', async () => {
    const { change, buyer, verp } = await shippedTo('B-1');
    // The message went out with its own envelope sender, where a later report comes back to.
    expect(h.sink.messages().find((mail) => mail.to.includes(buyer))?.from).toBe(verp);
    const report = deliveryReport(buyer, {
      action: 'failed',
      status: '5.1.1',
      diagnostic: `550 5.1.1 <${buyer}>: Recipient address rejected: User unknown`,
    });
    expect(await sendOverSmtp(intakePort, { from: '', to: [verp], raw: report })).toEqual({
      recipients: [250],
      data: 250,
    });

    const [record] = await historyOf(change.entryId);
    expect(record).toMatchObject({
      milestone: 'shipped',
      state: 'failed',
      reason: 'address_bounced',
      bounce: { action: 'failed', status: '5.1.1', detail: '5.1.1 user unknown' },
    });
    expect(record.sentAt).not.toBeNull();
    expect(await suppressions()).toContainEqual(
      expect.objectContaining({ email: buyer, reason: 'bounced', detail: '5.1.1 user unknown' }),
    );

    // The same report again (the reporting server retried): nothing more.
    expect((await sendOverSmtp(intakePort, { from: '', to: [verp], raw: report })).data).toBe(250);
    expect(
      (await suppressions()).filter((item: { email: string }) => item.email === buyer),
    ).toHaveLength(1);

    // The buyer's next message is not even tried.
    const next = shippedChange({ orderNumber: 'B-2', customerEmail: buyer });
    await h.publishChanges(seller.accountId, [next]);
    await h.eventually(async () => {
      const [doc] = await h.notificationsOf(seller.accountId, next.entryId);
      expect(doc).toMatchObject({ state: 'skipped', reason: 'address_suppressed' });
    });
    expect(await h.mailsTo(buyer)).toHaveLength(1);
  });

  it('notes a delay (4.x.x) on the message and suppresses nothing', async () => {
    const { change, buyer, verp } = await shippedTo('B-3');
    const report = deliveryReport(buyer, { action: 'delayed', status: '4.4.7' });
    expect((await sendOverSmtp(intakePort, { from: '', to: [verp], raw: report })).data).toBe(250);
    const [record] = await historyOf(change.entryId);
    expect(record).toMatchObject({
      state: 'sent',
      reason: null,
      bounce: { action: 'delayed', status: '4.4.7', detail: '4.4.7 delivery time expired' },
    });
    expect((await suppressions()).map((item: { email: string }) => item.email)).not.toContain(
      buyer,
    );
  });

  it('refuses a forged or foreign address at RCPT TO, and drops mail that is no report', async () => {
    const { change, buyer, verp } = await shippedTo('B-4');
    const id = /\+([0-9a-f]{24})-/.exec(verp)![1]!;
    const report = deliveryReport(buyer, { action: 'failed', status: '5.1.1' });
    const forged = [
      bounceAddressFor('not-the-secret-of-this-service', BOUNCE_ADDRESS, id),
      verp.replace('bounces.onvelope.test', 'elsewhere.example'),
      `postmaster@bounces.onvelope.test`,
    ];
    expect(await sendOverSmtp(intakePort, { from: '', to: forged, raw: report })).toEqual({
      recipients: [550, 550, 550],
      data: null,
    });
    // The bare address takes mail (feedback loops write to it), but a report to it names no message.
    expect(await sendOverSmtp(intakePort, { from: '', to: [BOUNCE_ADDRESS], raw: report })).toEqual(
      { recipients: [250], data: 250 },
    );

    const autoReply = [
      `To: ${verp}`,
      'Subject: Out of office',
      'Content-Type: text/plain',
      '',
      'Action: failed',
      'Status: 5.1.1',
      '',
    ].join('\r\n');
    expect((await sendOverSmtp(intakePort, { from: buyer, to: [verp], raw: autoReply })).data).toBe(
      250,
    );

    const [record] = await historyOf(change.entryId);
    expect(record).toMatchObject({ state: 'sent', bounce: null });
    expect((await suppressions()).map((item: { email: string }) => item.email)).not.toContain(
      buyer,
    );
  });

  it('offers no STARTTLS without a key and certificate', async () => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: intakePort,
      requireTLS: true,
      tls: { rejectUnauthorized: false },
    });
    try {
      await expect(transport.verify()).rejects.toThrow(/STARTTLS/);
    } finally {
      transport.close();
    }
  });
});
