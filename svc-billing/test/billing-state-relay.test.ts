import { randomUUID } from 'node:crypto';
import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@onvelope/service-kit/observability';
import { connectNats, type NatsConnection } from '@onvelope/service-kit/nats';
import { followBillingAccess, type BillingAccess } from '@onvelope/service-kit/billing';
import {
  connectTestDatabase,
  startService,
  startTcpLink,
  testInfra,
  uniqueDatabaseName,
  type StartedService,
} from '@onvelope/testkit';
import { billingAccountModel } from '../src/data/billing-account.model.js';
import { startBillingService } from '../src/index.js';

/** A billing account whose publish failed: stored with `pendingPublish`, not on the stream. */
const unpublishedAccount = (version: number) => ({
  _id: randomUUID(),
  email: 'relay@example.com',
  selectedPlan: 'pro_monthly' as const,
  trialEnd: new Date('2030-01-01T00:00:00.000Z'),
  version,
  pendingPublish: true,
  createdAt: new Date(),
  updatedAt: new Date(),
});

describe('billing state relay', () => {
  const database = uniqueDatabaseName('billing_relay');
  let db: mongoose.Connection;
  let nats: NatsConnection;
  let access: BillingAccess;
  let service: StartedService | undefined;
  beforeAll(async () => {
    db = await connectTestDatabase(database);
    nats = await connectNats(testInfra().natsUrl, 'billing-relay-tests');
    access = await followBillingAccess(nats, createLogger('billing-relay-tests', 'silent'));
  });
  afterAll(async () => {
    await service?.close();
    await access.stop();
    await nats.close();
    await db.close();
  });

  const accounts = () => billingAccountModel(db);
  const publishedVersion = async (accountId: string) => (await access.stateOf(accountId))?.version;
  const stillPending = async (accountId: string) =>
    (await accounts().findById(accountId).lean())?.pendingPublish;

  it('publishes at start what a stopped instance left unpublished, and what is left later unasked', async () => {
    const leftBehind = unpublishedAccount(3);
    await accounts().create(leftBehind);

    service = await startService(startBillingService, {
      MONGO_DB: database,
      RELAY_INTERVAL_MS: '300',
    });
    await expect.poll(() => publishedVersion(leftBehind._id), { timeout: 10_000 }).toBe(3);
    await expect.poll(() => stillPending(leftBehind._id)).toBe(false);

    // Left behind by another instance while this one runs: only the relay's safety net sees it.
    const later = unpublishedAccount(5);
    await accounts().create(later);
    await expect.poll(() => publishedVersion(later._id), { timeout: 10_000 }).toBe(5);
    await expect.poll(() => stillPending(later._id)).toBe(false);
  });

  it('publishes what was left unpublished during an outage as soon as NATS is back', async () => {
    const link = await startTcpLink(testInfra().natsUrl);
    // Its safety net never comes round during the test: only NATS coming back can publish.
    const cutOff = await startService(startBillingService, {
      MONGO_DB: uniqueDatabaseName('billing_relay'),
      NATS_URL: link.url,
      RELAY_INTERVAL_MS: '600000',
    });
    const cutOffAccounts = billingAccountModel(
      await connectTestDatabase(String(cutOff.env.MONGO_DB)),
    );
    try {
      link.cut();
      const duringOutage = unpublishedAccount(2);
      await cutOffAccounts.create(duringOutage);
      // Long enough for the service to notice the cut, so what follows is its reconnection.
      await new Promise((resolve) => setTimeout(resolve, 1_500));

      link.restore();
      await expect.poll(() => publishedVersion(duringOutage._id), { timeout: 10_000 }).toBe(2);
      // The mark is cleared once JetStream has acknowledged, a moment after the event is seen.
      await expect
        .poll(async () => (await cutOffAccounts.findById(duringOutage._id).lean())?.pendingPublish)
        .toBe(false);
    } finally {
      await cutOff.close();
      await cutOffAccounts.db.close();
      await link.close();
    }
  });
});
