import { describe, expect, it } from 'vitest';
import { trackingEntryUpserted } from '@onvelope/contracts';
import { connectNats } from '@onvelope/service-kit/nats';
import { connectTestDatabase, startService, startTestIssuer, testInfra } from '@onvelope/testkit';
import { orderKeyOf } from '../src/data/tracking-entry.model.js';
import { startOrdersService } from '../src/index.js';

/** An entry as a CSV import stored it before unknown statuses were refused (issue 38 item 9). */
const storedEntry = (accountId: string, orderNumber: string, status: string) => ({
  accountId,
  orderNumber,
  orderKey: orderKeyOf(accountId, orderNumber),
  source: 'csv',
  version: 2,
  firstName: 'Ada',
  status,
  createdAt: new Date(),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
});

describe('unknown statuses stored before, at start-up', () => {
  it('settles each as pending through the writer, announced, once per database', async () => {
    const issuer = await startTestIssuer({ natsUrl: testInfra().natsUrl });
    const dbName = `unknown_statuses_${Date.now()}`;
    const db = await connectTestDatabase(dbName);
    const entries = db.collection('tracking_entries');
    await entries.insertMany([
      storedEntry('status-a', 'W-1', 'weird'),
      storedEntry('status-b', 'W-2', 'on hold'),
      storedEntry('status-a', 'K-1', 'shipped'),
    ]);
    const published: { orderNumber: string; status: string }[] = [];
    const nats = await connectNats(testInfra().natsUrl, 'unknown-statuses-test');
    const subscription = nats.subscribe(trackingEntryUpserted.subject);
    void (async () => {
      for await (const message of subscription) {
        const { changes } = JSON.parse(new TextDecoder().decode(message.data)) as {
          changes: { orderNumber: string; status: string }[];
        };
        published.push(...changes.filter((change) => change.orderNumber.startsWith('W-')));
      }
    })();
    await nats.flush();
    const statusOf = async (orderNumber: string) =>
      (await entries.findOne({ orderNumber }))?.status as string | undefined;
    try {
      let orders = await startService(startOrdersService, {
        AUTH_JWKS_URL: issuer.url,
        MONGO_DB: dbName,
      });
      await expect.poll(() => statusOf('W-1'), { timeout: 10_000 }).toBe('pending');
      await expect.poll(() => statusOf('W-2'), { timeout: 10_000 }).toBe('pending');
      expect(await statusOf('K-1')).toBe('shipped');
      expect(await entries.findOne({ orderNumber: 'W-1' })).toMatchObject({ version: 3 });
      // Announced, so analytics and the other readers count it as pending too.
      await expect
        .poll(() => published.map((change) => `${change.orderNumber}:${change.status}`).sort(), {
          timeout: 10_000,
        })
        .toEqual(['W-1:pending', 'W-2:pending']);
      await expect
        .poll(() => db.collection('migrations').findOne({ _id: 'known-statuses' as never }))
        .toMatchObject({ doneAt: expect.any(Date) });

      // Once: an unknown status written later by hand is not looked for at the next start.
      await orders.close();
      await entries.insertOne(storedEntry('status-a', 'W-3', 'weird'));
      orders = await startService(startOrdersService, {
        AUTH_JWKS_URL: issuer.url,
        MONGO_DB: dbName,
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await statusOf('W-3')).toBe('weird');
      await orders.close();
    } finally {
      subscription.unsubscribe();
      await nats.close();
      await db.dropDatabase();
      await db.close();
      await issuer.close();
    }
  });
});
