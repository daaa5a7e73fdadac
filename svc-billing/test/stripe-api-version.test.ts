import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripeMockApiVersion } from '@onvelope/testkit';
import { stripeApiVersion } from '../src/payments/payment-provider.js';

describe('the Stripe API version', () => {
  it('is the one the Stripe SDK is written for', () => {
    const sdk = new Stripe('sk_test_version_check');
    expect(sdk.getConstant('DEFAULT_API_VERSION')).toBe(stripeApiVersion);
  });

  it('is the one stripe-mock answers as, so the tests exercise what production calls', async () => {
    const mockVersion = await stripeMockApiVersion({ env: process.env, log: () => {} });
    expect(mockVersion).toBe(stripeApiVersion);
  });
});
