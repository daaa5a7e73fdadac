import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, sellerProfileChanged, type PayloadOf } from '@onvelope/contracts';
import { createLogger } from '@onvelope/service-kit/observability';
import {
  connectNats,
  consumeEvents,
  type EventConsumer,
  type NatsConnection,
} from '@onvelope/service-kit/nats';
import { testInfra } from '@onvelope/testkit';
import { bearer, startAuthHarness, type AuthHarness } from './support/auth-harness.js';

type Profile = PayloadOf<typeof sellerProfileChanged>;

describe("the seller's profile, announced to svc-notify (issue 34)", () => {
  let auth: AuthHarness;
  let nc: NatsConnection;
  let consumer: EventConsumer;
  const seen: Profile[] = [];

  beforeAll(async () => {
    auth = await startAuthHarness();
    nc = await connectNats(testInfra().natsUrl, 'seller-profile-test');
    consumer = await consumeEvents(
      nc,
      sellerProfileChanged,
      `seller-profile-test-${Date.now()}`,
      async ({ payload }) => {
        seen.push(payload);
      },
      createLogger('seller-profile-test', 'silent'),
    );
  });
  afterAll(async () => {
    await consumer?.stop();
    await nc?.close();
    await auth?.stop();
  });

  /**
   * The newest profile announced for the account, once it says what is awaited. Each write kicks
   * the relay, so it comes well before the relay's own look every 5 s (a seller who has just signed
   * up asks for a test e-mail at once).
   */
  const announced = (accountId: string, expected: Partial<Profile>) =>
    expect
      .poll(
        () =>
          seen
            .filter((profile) => profile.accountId === accountId)
            .sort((a, b) => a.changedAt.localeCompare(b.changedAt))
            .at(-1),
        { timeout: 3_000, interval: 100 },
      )
      .toMatchObject(expected);

  it("announces a new seller's address, then their store's name, website and time zone", async () => {
    const signedIn = await auth.verifiedAccount('seller', 'Owner.Announce@example.com');
    const { accountId } = signedIn.body.user;
    await announced(accountId, {
      email: 'owner.announce@example.com',
      storeName: null,
      timeZone: DEFAULT_TIME_ZONE,
    });
    const saved = await auth.call(
      'PUT',
      '/auth/settings/profile',
      {
        companyName: 'Teapots Ltd',
        website: 'https://teapots.example',
        timeZone: 'Europe/London',
      },
      bearer(signedIn.body.token),
    );
    expect(saved.status).toBe(200);
    await announced(accountId, {
      email: 'owner.announce@example.com',
      storeName: 'Teapots Ltd',
      website: 'https://teapots.example',
      timeZone: 'Europe/London',
    });
  });

  it('announces a changed address', async () => {
    const signedIn = await auth.verifiedAccount('seller', 'before@example.com', 'pass-word1');
    const { accountId } = signedIn.body.user;
    await announced(accountId, { email: 'before@example.com' });
    const moved = await auth.call(
      'PUT',
      '/auth/settings/email',
      { newEmail: 'after@example.com', password: 'pass-word1' },
      bearer(signedIn.body.token),
    );
    expect(moved.status).toBe(200);
    await announced(accountId, { email: 'after@example.com' });
  });
});
