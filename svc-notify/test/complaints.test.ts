import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liftComplaintNeedsBuyerAsked } from '@onvelope/contracts';
import { freePort } from '@onvelope/testkit';
import { bounceAddressFor, signUnsubscribeToken } from '../src/index.js';
import {
  shippedChange,
  startNotifyHarness,
  unsubscribePathOf,
  UNSUBSCRIBE_SECRET,
  type NotifyHarness,
  type Seller,
} from './support/notify-harness.js';
import { sendOverSmtp } from './support/smtp-client.js';

const BOUNCE_ADDRESS = 'bounces@bounces.onvelope.test';
const fixture = (name: string) =>
  fileURLToPath(new URL(`./fixtures/intake-tls/${name}`, import.meta.url));

/**
 * A spam complaint (RFC 5965 ARF) as a mailbox provider's feedback loop sends it: a human part, the
 * machine-readable `message/feedback-report`, and the original message (here its headers, with the
 * Return-Path the receiving server added and the recipient redacted, as providers do).
 */
const complaint = (fields: {
  to: string;
  feedbackType?: string;
  originalMailFrom?: string;
  original: string;
  originalPart?: 'message/rfc822' | 'base64 text/rfc822-headers';
}) =>
  [
    'From: Feedback Loop <feedback@fbl.mailbox.example>',
    `To: ${fields.to}`,
    'Subject: Complaint about a message from bounces.onvelope.test',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="ARF"',
    '',
    '--ARF',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is an email abuse report for a message received from 192.0.2.1.',
    '',
    '--ARF',
    'Content-Type: message/feedback-report',
    '',
    `Feedback-Type: ${fields.feedbackType ?? 'abuse'}`,
    'User-Agent: MailboxExample-Feedback/2.0',
    'Version: 1',
    ...(fields.originalMailFrom ? [`Original-Mail-From: <${fields.originalMailFrom}>`] : []),
    'Original-Rcpt-To: <redacted@mailbox.example>',
    'Arrival-Date: Sat, 28 Nov 2026 12:00:00 +0000',
    '',
    '--ARF',
    ...(fields.originalPart === 'base64 text/rfc822-headers'
      ? [
          'Content-Type: text/rfc822-headers',
          'Content-Transfer-Encoding: base64',
          '',
          ...(Buffer.from(fields.original)
            .toString('base64')
            .match(/.{1,76}/g) ?? []),
        ]
      : ['Content-Type: message/rfc822', 'Content-Disposition: inline', '', fields.original]),
    '',
    '--ARF--',
    '',
  ].join('\r\n');

/** A delivery report (RFC 3464) for the TLS test. */
const deliveryReport = (recipient: string) =>
  [
    `To: ${BOUNCE_ADDRESS}`,
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="REPORT"',
    '',
    '--REPORT',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.buyer.example',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    'Action: failed',
    'Status: 5.2.1',
    '',
    '--REPORT--',
    '',
  ].join('\r\n');

describe('the intake over STARTTLS, and spam complaints (ARF)', () => {
  let h: NotifyHarness;
  let seller: Seller;
  let intakePort: number;
  /** A reporting server that insists on TLS, trusting the test's self-signed certificate. */
  let overTls: Transporter;

  beforeAll(async () => {
    intakePort = await freePort();
    h = await startNotifyHarness({
      BOUNCE_ADDRESS,
      BOUNCE_SMTP_PORT: String(intakePort),
      BOUNCE_SMTP_HOST: '127.0.0.1',
      BOUNCE_TLS_KEY_FILE: fixture('test-only.key'),
      BOUNCE_TLS_CERT_FILE: fixture('test-only.crt'),
    });
    seller = await h.seller({ storeName: 'Complaint Candles' });
    overTls = nodemailer.createTransport({
      host: '127.0.0.1',
      port: intakePort,
      secure: false,
      requireTLS: true,
      tls: { rejectUnauthorized: false },
    });
  });
  afterAll(async () => {
    overTls.close();
    await h.stop();
  });

  const sendOverTls = (to: string, raw: string) =>
    overTls.sendMail({ envelope: { from: '', to: [to] }, raw });

  /** Ships an order to a new buyer: the sent mail, its buyer and its tagged envelope sender. */
  async function shippedTo(orderNumber: string, customerEmail?: string) {
    const change = shippedChange({ orderNumber, ...(customerEmail ? { customerEmail } : {}) });
    const buyer = change.customerEmail!;
    await h.publishChanges(seller.accountId, [change]);
    const mail = await h.sink.waitForMail(buyer);
    const [doc] = await h.eventually(async () => {
      const docs = await h.notificationsOf(seller.accountId, change.entryId);
      expect(docs[0]).toMatchObject({ state: 'sent' });
      return docs;
    });
    return {
      change,
      buyer,
      mail,
      verp: bounceAddressFor(UNSUBSCRIBE_SECRET, BOUNCE_ADDRESS, String(doc!._id)),
    };
  }

  /** The original's headers as the buyer's mailbox provider quotes them. */
  const quotedHeaders = (raw: string, verp: string) =>
    `Return-Path: <${verp}>\r\n${raw.split(/\r?\n\r?\n/)[0]!.replace(/^To: .*$/m, 'To: redacted')}\r\n`;

  const suppressionOf = async (email: string) =>
    (
      (await h.call('GET', '/api/notify/suppressions', { token: seller.token })).body
        .suppressions as { email: string; reason: string; detail: string | null }[]
    ).find((item) => item.email === email);

  /** The buyer's next order: skipped while suppressed, else mailed. */
  async function nextMessageOf(buyer: string, orderNumber: string) {
    const next = shippedChange({ orderNumber, customerEmail: buyer });
    await h.publishChanges(seller.accountId, [next]);
    return h.eventually(async () => {
      const [doc] = await h.notificationsOf(seller.accountId, next.entryId);
      expect(['skipped', 'sent']).toContain(doc?.state);
      return doc!;
    });
  }

  it('takes a delivery report over STARTTLS with the configured certificate', async () => {
    const { change, buyer, verp } = await shippedTo('T-1');
    const sent = await sendOverTls(verp, deliveryReport(buyer));
    expect(sent.accepted).toEqual([verp]);
    const [record] = (
      await h.call('GET', `/api/notify/orders/${change.entryId}`, { token: seller.token })
    ).body.notifications;
    expect(record).toMatchObject({ state: 'failed', reason: 'address_bounced' });
    expect(await suppressionOf(buyer)).toMatchObject({ reason: 'bounced' });
  });

  it('suppresses the buyer of a message a complaint comes back to, shows it, and lifts it only when the buyer asked', async () => {
    const { buyer, verp, mail } = await shippedTo('C-1');
    const report = complaint({ to: verp, original: quotedHeaders(mail.raw, verp) });
    expect((await sendOverTls(verp, report)).accepted).toEqual([verp]);
    expect(await suppressionOf(buyer)).toMatchObject({
      reason: 'complaint',
      detail: 'MailboxExample-Feedback/2.0',
    });
    expect(await nextMessageOf(buyer, 'C-2')).toMatchObject({
      state: 'skipped',
      reason: 'address_suppressed',
    });

    // The same report again (the loop retried): one suppression still.
    await sendOverTls(verp, report);
    const all = (await h.call('GET', '/api/notify/suppressions', { token: seller.token })).body
      .suppressions as { email: string }[];
    expect(all.filter((item) => item.email === buyer)).toHaveLength(1);

    // The buyer's own word, as an unsubscribe is: lifted only when the seller states they asked.
    expect(
      await h.call('POST', '/api/notify/suppressions/lift', {
        token: seller.token,
        body: { email: buyer },
      }),
    ).toMatchObject({ status: 409, body: { error: liftComplaintNeedsBuyerAsked } });
    const lifted = await h.call('POST', '/api/notify/suppressions/lift', {
      token: seller.token,
      body: { email: buyer, buyerAsked: true },
    });
    expect(lifted).toMatchObject({
      status: 200,
      body: { lifted: { email: buyer, reason: 'complaint' } },
    });
    expect(await nextMessageOf(buyer, 'C-3')).toMatchObject({ state: 'sent' });
  });

  it('reads a complaint sent to the feedback-loop address by the tagged sender it quotes', async () => {
    const byMailFrom = await shippedTo('C-4');
    const report = complaint({
      to: BOUNCE_ADDRESS,
      originalMailFrom: byMailFrom.verp,
      original: 'Subject: Your order\r\n',
    });
    expect((await sendOverTls(BOUNCE_ADDRESS, report)).accepted).toEqual([BOUNCE_ADDRESS]);
    expect(await suppressionOf(byMailFrom.buyer)).toMatchObject({ reason: 'complaint' });

    // Only the quoted headers name it (their Return-Path), in a base64 text/rfc822-headers part.
    const byReturnPath = await shippedTo('C-5');
    await sendOverTls(
      BOUNCE_ADDRESS,
      complaint({
        to: BOUNCE_ADDRESS,
        original: quotedHeaders(byReturnPath.mail.raw, byReturnPath.verp),
        originalPart: 'base64 text/rfc822-headers',
      }),
    );
    expect(await suppressionOf(byReturnPath.buyer)).toMatchObject({ reason: 'complaint' });
  });

  it('reads the buyer and seller from the quoted unsubscribe link when no tagged address is left', async () => {
    const buyer = 'complained-without-a-tag@example.com';
    const link = `https://shop.onvelope.test/api/notify/unsubscribe/${signUnsubscribeToken(
      UNSUBSCRIBE_SECRET,
      { accountId: seller.accountId, email: buyer },
    )}`;
    const original = `List-Unsubscribe: <${link}>\r\nSubject: Your order\r\n`;
    await sendOverTls(BOUNCE_ADDRESS, complaint({ to: BOUNCE_ADDRESS, original }));
    expect(await suppressionOf(buyer)).toMatchObject({ reason: 'complaint' });
  });

  it('suppresses nobody for other feedback, forged tags and tokens, or a bare address', async () => {
    const { buyer, verp, mail } = await shippedTo('C-6');
    const forgedVerp = bounceAddressFor('not-this-services-secret', BOUNCE_ADDRESS, '0'.repeat(24));
    const forgedLink = `https://shop.onvelope.test/api/notify/unsubscribe/${signUnsubscribeToken(
      'not-this-services-secret',
      { accountId: seller.accountId, email: buyer },
    )}`;
    for (const report of [
      complaint({ to: verp, feedbackType: 'not-spam', original: quotedHeaders(mail.raw, verp) }),
      complaint({ to: verp, feedbackType: 'fraud', original: quotedHeaders(mail.raw, verp) }),
      complaint({
        to: BOUNCE_ADDRESS,
        originalMailFrom: forgedVerp,
        original: `To: ${buyer}\r\nList-Unsubscribe: <${forgedLink}>\r\n`,
      }),
    ]) {
      const to = report.includes(`To: ${verp}`) ? verp : BOUNCE_ADDRESS;
      expect((await sendOverTls(to, report)).accepted).toEqual([to]);
    }
    // A delivery report to the bare address names no message: accepted and dropped.
    expect((await sendOverTls(BOUNCE_ADDRESS, deliveryReport(buyer))).accepted).toEqual([
      BOUNCE_ADDRESS,
    ]);
    expect(await suppressionOf(buyer)).toBeUndefined();
  });

  it('keeps the buyer’s own unsubscribe over a complaint, and takes it after one', async () => {
    const first = await shippedTo('C-7');
    const path = unsubscribePathOf(first.mail.raw);
    await h.call('POST', path, { headers: { accept: 'application/json' } });
    await sendOverTls(first.verp, complaint({ to: first.verp, original: 'Subject: x\r\n' }));
    expect(await suppressionOf(first.buyer)).toMatchObject({ reason: 'unsubscribed' });

    const second = await shippedTo('C-8');
    await sendOverTls(second.verp, complaint({ to: second.verp, original: 'Subject: x\r\n' }));
    expect(await suppressionOf(second.buyer)).toMatchObject({ reason: 'complaint' });
    await h.call('POST', unsubscribePathOf(second.mail.raw), {
      headers: { accept: 'application/json' },
    });
    // Now the buyer's own word: lifting needs the seller's statement that they asked.
    expect(await suppressionOf(second.buyer)).toMatchObject({ reason: 'unsubscribed' });
    const lift = await h.call('POST', '/api/notify/suppressions/lift', {
      token: seller.token,
      body: { email: second.buyer },
    });
    expect(lift.status).toBe(409);
  });

  it('keeps taking reports after garbage, broken MIME and a dropped connection', async () => {
    const { buyer, verp, mail } = await shippedTo('C-9');
    const garbage = [
      Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)).toString('latin1'),
      'Content-Type: multipart/report; report-type=feedback-report; boundary="X"\r\n\r\n--X\r\n' +
        'Content-Type: message/feedback-report\r\n\r\nFeedback-Type:\r\n\u0000\u0001 abuse\r\n',
      'Content-Type: multipart/report; report-type=feedback-report; boundary="never-closed"\r\n' +
        '\r\n--never-closed\r\nContent-Type: message/feedback-report\r\nContent-Transfer-Encoding:' +
        ' base64\r\n\r\n%%%not base64%%%',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="R"\r\n\r\n--R\r\n' +
        'Content-Type: message/delivery-status\r\n\r\nAction: failed\r\nStatus: banana\r\n--R--',
    ];
    for (const raw of garbage) {
      expect((await sendOverSmtp(intakePort, { from: '', to: [verp], raw })).data).toBe(250);
    }
    // A client that says nonsense and hangs up mid-message.
    const socket = connect(intakePort, '127.0.0.1');
    await new Promise((resolve) => socket.once('data', resolve));
    socket.write('EHLO x\r\nMAIL FROM:<>\r\nRCPT TO:<' + verp + '>\r\nDATA\r\n\u0000\u00ff junk');
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    expect(await suppressionOf(buyer)).toBeUndefined();

    await sendOverTls(verp, complaint({ to: verp, original: quotedHeaders(mail.raw, verp) }));
    expect(await suppressionOf(buyer)).toMatchObject({ reason: 'complaint' });
  });
});
