import { jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingAccessStream,
  billingAccessSubject,
  type BillingAccessState,
} from '@onvelope/contracts';
import { testInfra } from '@onvelope/testkit';
import { createLogger } from '../src/observability/index.js';
import { connectNats, ensureStream, type NatsConnection } from '../src/nats/index.js';
import {
  followBillingAccess,
  publishBillingState,
  type BillingAccess,
} from '../src/billing/index.js';

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

  it('never leaves an older state on the stream when instances publish out of order', async () => {
    const instances = await Promise.all(
      [1, 2, 3].map((n) => connectNats(testInfra().natsUrl, `billing-instance-${n}`)),
    );
    const jsm = await jetstreamManager(nats);
    const storedVersion = async (accountId: string) => {
      const stored = await jsm.streams.getMessage(billingAccessStream.name, {
        last_by_subj: billingAccessSubject(accountId),
      });
      return stored?.json<BillingAccessState>().version;
    };
    try {
      // A slow instance publishing a state it read before another instance's change.
      const late = `late-${suffix}`;
      await publishBillingState(instances[0]!, stateFor(late, 2));
      await publishBillingState(instances[1]!, stateFor(late, 1));
      expect(await storedVersion(late)).toBe(2);

      // Three instances at the same instant, over and over.
      const raced = Array.from({ length: 20 }, (_, i) => `raced-${i}-${suffix}`);
      await Promise.all(
        raced.map((accountId) =>
          Promise.all(
            instances.map((instance, i) =>
              publishBillingState(instance, stateFor(accountId, 3 - i)),
            ),
          ),
        ),
      );
      for (const accountId of raced) expect(await storedVersion(accountId)).toBe(3);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });
});
