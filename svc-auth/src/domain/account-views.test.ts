import { describe, expect, it } from 'vitest';
import type { SellerDocument } from '../data/seller.model.js';
import { sellerName, toAccountSettings, toSellerUser } from './account-views.js';

const seller: SellerDocument = {
  _id: 'u-1',
  accountId: 'a-1',
  email: 'ann@example.com',
  passwordHash: 'secret hash',
  googleSubject: null,
  displayName: null,
  isVerified: true,
  onboardingCompleted: true,
  selectedPlan: 'pro_monthly',
  trialEnd: new Date('2026-03-08T10:00:00Z'),
  consent: null,
  companyName: 'Ann Co',
  businessType: null,
  website: null,
  phoneNumber: null,
  country: 'GB',
  address: null,
  city: null,
  state: null,
  postalCode: null,
  timeZone: null,
  createdAt: new Date('2026-03-01T10:00:00Z'),
  lastLoginAt: null,
  passwordChangedAt: null,
  tokensNotBefore: null,
};

describe('account views', () => {
  it('names a seller by display name, else by the email before the @', () => {
    expect(sellerName(seller)).toBe('ann');
    expect(sellerName({ ...seller, displayName: 'Ann B' })).toBe('Ann B');
  });

  it('shows the seller the screens keep, without secrets', () => {
    const user = toSellerUser(seller);
    expect(user).toMatchObject({
      id: 'u-1',
      accountId: 'a-1',
      role: 'merchant',
      onboardingCompleted: true,
      trialEnd: '2026-03-08T10:00:00.000Z',
    });
    expect(JSON.stringify(user)).not.toContain('secret hash');
  });

  it('shows the settings with the plan and dates', () => {
    expect(toAccountSettings(seller)).toMatchObject({
      plan: 'pro_monthly',
      companyName: 'Ann Co',
      createdAt: '2026-03-01T10:00:00.000Z',
      lastLoginAt: null,
      timeZone: 'Europe/London',
    });
    expect(toAccountSettings({ ...seller, timeZone: 'Asia/Tokyo' }).timeZone).toBe('Asia/Tokyo');
  });
});
