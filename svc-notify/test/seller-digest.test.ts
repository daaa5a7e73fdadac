import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SellerNotice } from '@onvelope/contracts';
import { latestDigestTime } from '../src/domain/digest-time.js';
import { dayOf } from '../src/domain/message-content.js';
import {
  PUBLIC_SITE_URL,
  startNotifyHarness,
  testClock,
  type NotifyHarness,
  type Seller,
} from './support/notify-harness.js';

const DAY_MS = 86_400_000;
const ZONE = 'Asia/Tokyo';

const query = (orderNumber: string, customerName: string, subject: string, message: string) =>
  ({
    kind: 'buyer_query',
    queryId: `query-${randomUUID()}`,
    orderNumber,
    customerName,
    customerEmail: 'buyer@example.com',
    subject,
    message,
  }) satisfies SellerNotice;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the daily digest of buyers’ queries (issue 34)', () => {
  const clock = testClock();
  let h: NotifyHarness;
  let digest: Seller;
  let quiet: Seller;
  let prompt: Seller;
  /** The seller's next 08:00 (Tokyo), at least a few minutes away. */
  let morning: Date;

  beforeAll(async () => {
    // Two svc-notify replicas on one outbox: two schedulers and two sender loops from the start.
    h = await startNotifyHarness({ DIGEST_EVERY_MS: '100' }, { now: clock.now });
    await h.replica();
    [digest, quiet, prompt] = await Promise.all([
      h.seller({ storeName: 'Digest Shop', timeZone: ZONE }),
      h.seller({ storeName: 'Quiet Shop', timeZone: ZONE }),
      h.seller({ storeName: 'Prompt Shop', timeZone: ZONE }),
    ]);
    for (const seller of [digest, quiet]) {
      const saved = await h.call('PUT', '/api/notify/settings', {
        token: seller.token,
        body: { buyerQueries: 'daily_digest' },
      });
      expect(saved.body.settings.buyerQueries).toBe('daily_digest');
    }
    morning = latestDigestTime(new Date(Date.now() + 10 * 60_000 + DAY_MS), ZONE).at;
    clock.set(new Date(morning.getTime() - 5 * 60_000));
  });
  afterAll(() => h.stop());

  const digestsTo = async (address: string) =>
    (await h.mailsTo(address)).filter((mail) => mail.subject?.startsWith('Daily digest'));

  it('mails a query at once by default, and holds it for a seller who chose the digest', async () => {
    await h.publishNotice(prompt.accountId, query('P-1', 'Pat', 'Now please', 'Quick one'));
    await h.publishNotice(
      digest.accountId,
      query('1001', 'Ann Buyer', 'Where is my parcel?', 'Hello, it has not arrived yet.'),
    );
    await h.publishNotice(
      digest.accountId,
      query('1002', 'Bob <script>x()</script>', 'Wrong size', 'I ordered a medium. '.repeat(20)),
    );
    await h.sink.waitForMail(prompt.email);
    await h.eventually(async () => {
      const held = await h.db
        .collection('notifications')
        .find({ accountId: digest.accountId, state: 'held' })
        .toArray();
      expect(held).toHaveLength(2);
    });
    await pause(500);
    expect(await h.mailsTo(digest.email)).toEqual([]);
    // A held query is not a message of its own: "Messages to you" lists the digest that carries it.
    const listed = await h.call('GET', '/api/notify/messages', { token: digest.token });
    expect(listed.body.messages).toEqual([]);
  });

  it('sends one digest at 08:00 on the seller’s clock, listing every query, from two replicas', async () => {
    await pause(600);
    expect(await h.db.collection('notifications').countDocuments({ kind: 'digest' })).toBe(0);

    clock.set(new Date(morning.getTime() + 1_000));
    await h.sink.waitForMail(digest.email, { timeoutMs: 10_000 });
    await pause(1_000);
    const mails = await digestsTo(digest.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`Daily digest for ${dayOf(morning, ZONE)}: 2 new buyer queries`);
    const text = mail!.text ?? '';
    expect(text).toContain('Order #1001 · Ann Buyer · Where is my parcel?');
    expect(text).toContain('Hello, it has not arrived yet.');
    expect(text).toContain('Order #1002 · Bob <script>x()</script> · Wrong size');
    expect(String(mail!.html)).not.toContain('<script>');
    expect(String(mail!.html)).toContain('Bob &lt;script&gt;');
    // A short excerpt of a long message, not all of it.
    expect(text).toContain('I ordered a medium.');
    expect(text).not.toContain('I ordered a medium. '.repeat(20).trim());
    expect(text).toContain(`${PUBLIC_SITE_URL}/dashboard`);
    expect(text).toContain('once a day, at 08:00');
    expect(mail!.headers.has('list-unsubscribe')).toBe(false);
    expect(
      h.sink
        .messages()
        .filter((m) => m.to.includes(digest.email))
        .map((m) => m.to),
    ).toEqual([[digest.email]]);

    const docs = await h.db
      .collection('notifications')
      .find({ accountId: digest.accountId, kind: 'digest' })
      .toArray();
    expect(docs).toHaveLength(1);
    expect(docs[0]!.entryId).toBe(`digest:${latestDigestTime(morning, ZONE).localDate}`);
    await h.eventually(async () => {
      const listed = await h.call('GET', '/api/notify/messages', { token: digest.token });
      expect(listed.body.messages).toMatchObject([
        { kind: 'buyer_query_digest', state: 'sent', queryCount: 2, to: digest.email },
      ]);
      const held = await h.db
        .collection('notifications')
        .countDocuments({ accountId: digest.accountId, state: 'held' });
      expect(held).toBe(0);
    });

    // A seller who chose the digest but had no query gets nothing.
    expect(await h.mailsTo(quiet.email)).toEqual([]);
    expect(
      await h.db.collection('notifications').countDocuments({ accountId: quiet.accountId }),
    ).toBe(0);
  });

  it('lists only the queries since the last digest, and sends none on a day without', async () => {
    await h.publishNotice(digest.accountId, query('1003', 'Cy Buyer', 'After eight', 'Hi'));
    await h.eventually(async () =>
      expect(
        await h.db
          .collection('notifications')
          .countDocuments({ accountId: digest.accountId, state: 'held' }),
      ).toBe(1),
    );
    await pause(500);
    // Received after this morning's 08:00: tomorrow's digest.
    expect(await digestsTo(digest.email)).toHaveLength(1);

    clock.set(new Date(morning.getTime() + DAY_MS + 1_000));
    await h.eventually(async () => expect(await digestsTo(digest.email)).toHaveLength(2));
    const second = (await digestsTo(digest.email)).find((mail) =>
      mail.subject?.includes('1 new buyer query'),
    );
    expect(second?.text).toContain('Order #1003 · Cy Buyer · After eight');
    expect(second?.text).not.toContain('#1001');

    clock.set(new Date(morning.getTime() + 2 * DAY_MS + 1_000));
    await pause(1_000);
    expect(await digestsTo(digest.email)).toHaveLength(2);
    expect(await h.mailsTo(quiet.email)).toEqual([]);
  });

  it('mails what was held at once when the seller goes back to one e-mail per query', async () => {
    await h.publishNotice(quiet.accountId, query('Q-1', 'Dee', 'Held then sent', 'Hi'));
    await h.eventually(async () =>
      expect(
        await h.db
          .collection('notifications')
          .countDocuments({ accountId: quiet.accountId, state: 'held' }),
      ).toBe(1),
    );
    const saved = await h.call('PUT', '/api/notify/settings', {
      token: quiet.token,
      body: { buyerQueries: 'immediately' },
    });
    expect(saved.body.settings.buyerQueries).toBe('immediately');
    const mail = await h.sink.waitForMail(quiet.email, { timeoutMs: 10_000 });
    expect(mail.raw).toContain('Held then sent');
    await pause(500);
    expect(await h.mailsTo(quiet.email)).toHaveLength(1);
  });

  it('keeps the choice per seller and refuses a value it does not know', async () => {
    const prompts = await h.call('GET', '/api/notify/settings', { token: prompt.token });
    expect(prompts.body.settings.buyerQueries).toBe('immediately');
    const bad = await h.call('PUT', '/api/notify/settings', {
      token: digest.token,
      body: { buyerQueries: 'weekly' },
    });
    expect(bad.status).toBe(400);
    expect((bad.body.details as { path?: string }[]).map((detail) => detail.path)).toEqual([
      'body.buyerQueries',
    ]);
    const digests = await h.call('GET', '/api/notify/settings', { token: digest.token });
    expect(digests.body.settings.buyerQueries).toBe('daily_digest');
  });
});
