import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCustomerEmail, getSellerPublicProfile } from '@onvelope/contracts';
import { HttpError } from '@onvelope/service-kit/errors';
import { connectNats, requestCommand, type NatsConnection } from '@onvelope/service-kit/nats';
import { testInfra } from '@onvelope/testkit';
import { bearer, startAuthHarness, type AuthHarness } from './support/auth-harness.js';

describe('commands svc-orders asks of svc-auth for buyers', () => {
  let auth: AuthHarness;
  let nc: NatsConnection;

  beforeAll(async () => {
    auth = await startAuthHarness();
    nc = await connectNats(testInfra().natsUrl, 'buyer-commands-test');
  });
  afterAll(async () => {
    await nc?.close();
    await auth?.stop();
  });

  it("answers a seller's company name and website, never their email", async () => {
    const signedIn = await auth.verifiedAccount('seller', 'shop-owner@example.com');
    const { accountId } = signedIn.body.user;
    expect(await requestCommand(nc, getSellerPublicProfile, { accountId })).toEqual({
      name: null,
      website: null,
    });
    await auth.call(
      'PUT',
      '/auth/settings/profile',
      { displayName: 'Sam', website: 'https://teapots.example' },
      bearer(signedIn.body.token),
    );
    expect(await requestCommand(nc, getSellerPublicProfile, { accountId })).toEqual({
      name: 'Sam',
      website: 'https://teapots.example',
    });
    await auth.call(
      'PUT',
      '/auth/settings/profile',
      { companyName: 'Teapots Ltd' },
      bearer(signedIn.body.token),
    );
    expect(await requestCommand(nc, getSellerPublicProfile, { accountId })).toMatchObject({
      name: 'Teapots Ltd',
    });
  });

  it('answers 404 for an account nobody holds', async () => {
    const asked = requestCommand(nc, getSellerPublicProfile, { accountId: 'no-such-account' });
    await expect(asked).rejects.toBeInstanceOf(HttpError);
    await expect(asked).rejects.toMatchObject({ status: 404 });
  });

  it("answers a buyer's email and whether it is verified", async () => {
    const signedIn = await auth.verifiedAccount('customer', 'Buyer@Example.com');
    const customerId = signedIn.body.customer.id;
    expect(await requestCommand(nc, getCustomerEmail, { customerId })).toEqual({
      email: 'buyer@example.com',
      isVerified: true,
    });
    await auth.call(
      'PATCH',
      '/api/customer-auth/profile',
      { email: 'new-buyer@example.com' },
      bearer(signedIn.body.token),
    );
    expect(await requestCommand(nc, getCustomerEmail, { customerId })).toEqual({
      email: 'new-buyer@example.com',
      isVerified: false,
    });
    await expect(
      requestCommand(nc, getCustomerEmail, { customerId: 'no-such-buyer' }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
