import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  shippedChange,
  startNotifyHarness,
  type NotifyHarness,
  type Seller,
} from './support/notify-harness.js';

/**
 * Issue 34: an import's event carries up to 100 changes, planned together in a few round trips.
 * Each change must still be decided as if alone, in its order, and once.
 */
describe('planning an event of many changes at once', () => {
  let h: NotifyHarness;
  let seller: Seller;

  beforeAll(async () => {
    h = await startNotifyHarness();
    seller = await h.seller({ storeName: 'Batch Prints' });
    const saved = await h.call('PUT', '/api/notify/settings', {
      token: seller.token,
      body: { milestones: { delivered: true } },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(() => h.stop());

  it('decides each of 100 changes once, in their order, whatever the redeliveries', async () => {
    const shipped = Array.from({ length: 96 }, (_, i) =>
      shippedChange({ orderNumber: `BATCH-${i}` }),
    );
    const suppressed = shippedChange({ orderNumber: 'BATCH-SUPPRESSED' });
    await h.db.collection('suppressions').insertOne({
      accountId: seller.accountId,
      email: suppressed.customerEmail,
      reason: 'unsubscribed',
      detail: null,
      createdAt: new Date(),
    });
    const first = shipped[0]!;
    const changes = [
      ...shipped,
      suppressed,
      // The same order delivered later in the same event: a second message.
      { ...first, version: 2, status: 'delivered' as const, deliveredAt: new Date().toISOString() },
      // An older copy after it: out of date, nothing.
      { ...first, version: 1, courier: 'DPD' },
      // A copy of a change already in the event: nothing more.
      shipped[1]!,
    ];
    expect(changes).toHaveLength(100);

    await h.publishChanges(seller.accountId, changes, 'batch-once-1');
    const mailed = shipped.map((change) => change.customerEmail!);
    await h.eventually(async () => {
      for (const address of mailed) expect(await h.mailsTo(address)).not.toEqual([]);
    }, 30_000);
    // Redelivered as a new message, then with the progress lost (as if the consumer died before
    // writing it): every decision stands.
    await h.publishChanges(seller.accountId, changes);
    await h.db.collection('entry_progress').deleteMany({ accountId: seller.accountId });
    await h.publishChanges(seller.accountId, changes);
    await h.eventually(async () => {
      expect(
        await h.db.collection('entry_progress').countDocuments({ accountId: seller.accountId }),
      ).toBe(97);
    });
    await h.eventually(async () => {
      expect(await h.mailsTo(first.customerEmail!)).toHaveLength(2);
    });
    await new Promise((resolve) => setTimeout(resolve, 500));

    for (const address of mailed.slice(1)) expect(await h.mailsTo(address)).toHaveLength(1);
    const firstMails = await h.mailsTo(first.customerEmail!);
    expect(firstMails.map((mail) => mail.subject).sort()).toEqual([
      'Your order #BATCH-0 from Batch Prints is on its way',
      'Your order #BATCH-0 has been delivered',
    ]);
    expect(await h.notificationsOf(seller.accountId, first.entryId)).toMatchObject([
      { milestone: 'shipped', state: 'sent' },
      { milestone: 'delivered', state: 'sent' },
    ]);
    expect(await h.notificationsOf(seller.accountId, suppressed.entryId)).toMatchObject([
      { state: 'skipped', reason: 'address_suppressed' },
    ]);
    expect(await h.mailsTo(suppressed.customerEmail!)).toEqual([]);
    const progress = await h.db
      .collection('entry_progress')
      .findOne({ accountId: seller.accountId, entryId: first.entryId });
    expect(progress).toMatchObject({ version: 2 });
  });
});
