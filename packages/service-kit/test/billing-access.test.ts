import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccessStream, type BillingAccessState } from '@onvelope/contracts';
import { testInfra } from '@onvelope/testkit';
import {
  connectNats,
  createLogger,
  ensureStream,
  followBillingAccess,
  publishBillingState,
  type BillingAccess,
  type NatsConnection,
} from '../src/index.js';

const log = createLogger('billing-access-test', 'silent');
const stateFor = (accountId: string, version: number): BillingAccessState => ({
  accountId,
  version,
  trialEnd: new Date(Date.now() + 86_400_000).toISOString(),
  subscriptionStatus: null,
  graceUntil: null,
});

describe('billing states of accounts whose ids are not plain subject tokens', () => {
  let nats: NatsConnection;
  let access: BillingAccess;
  const suffix = Date.now().toString(36);
  // A bench named its sellers like this and its first publish timed out: a space, a comma and a
  // dot are not one subject token, and `*`/`>` would name other accounts' subjects.
  const awkward = [
    `bench first sync, 1 worker ${suffix}`,
    `a.b.${suffix}`,
    `*${suffix}`,
    `>${suffix}`,
  ];
  const plain = `plain-${suffix}`;

  beforeAll(async () => {
    nats = await connectNats(testInfra().natsUrl, 'billing-access-test');
    await ensureStream(nats, billingAccessStream);
    access = await followBillingAccess(nats, log);
  });
  afterAll(async () => {
    await access.stop();
    await nats.close();
  });

  it('publishes and reads back each state under its own account', async () => {
    for (const [i, accountId] of [...awkward, plain].entries()) {
      await publishBillingState(nats, stateFor(accountId, i + 1));
    }
    for (const [i, accountId] of [...awkward, plain].entries()) {
      const state = await access.stateOf(accountId);
      expect(state?.accountId).toBe(accountId);
      expect(state?.version).toBe(i + 1);
    }
  });

  it('finds a stored state of an awkward id that this instance has not followed yet', async () => {
    const later = `later arrival.${suffix}`;
    const other = await connectNats(testInfra().natsUrl, 'billing-access-test-2');
    try {
      await publishBillingState(other, stateFor(later, 7));
    } finally {
      await other.close();
    }
    const fresh = await followBillingAccess(nats, log);
    try {
      expect((await fresh.stateOf(later))?.version).toBe(7);
      expect(await fresh.stateOf(`never published ${suffix}`)).toBeUndefined();
    } finally {
      await fresh.stop();
    }
  });
});
