import type { CustomerProfile, SellerUser } from '@onvelope/contracts';
import type { z } from 'zod';
import { DEFAULT_TIME_ZONE, type accountSettings } from '@onvelope/contracts';
import type { CustomerDocument } from '../data/customer.model.js';
import type { SellerDocument } from '../data/seller.model.js';

/** The name shown for a seller: the display name, else the part of the email before the @. */
export function sellerName(seller: Pick<SellerDocument, 'displayName' | 'email'>): string {
  return seller.displayName || seller.email.split('@')[0] || seller.email;
}

/** The seller as the screens keep it (`user` in storage). */
export function toSellerUser(seller: SellerDocument): SellerUser {
  return {
    id: seller._id,
    email: seller.email,
    name: sellerName(seller),
    displayName: seller.displayName,
    role: 'merchant',
    accountId: seller.accountId,
    isVerified: seller.isVerified,
    onboardingCompleted: seller.onboardingCompleted,
    selectedPlan: seller.selectedPlan,
    trialEnd: seller.trialEnd ? seller.trialEnd.toISOString() : null,
  };
}

/** Spec 001 §3 "Settings": what the account settings page shows. */
export function toAccountSettings(seller: SellerDocument): z.infer<typeof accountSettings> {
  return {
    email: seller.email,
    displayName: seller.displayName,
    companyName: seller.companyName,
    businessType: seller.businessType,
    website: seller.website,
    phoneNumber: seller.phoneNumber,
    country: seller.country,
    address: seller.address,
    city: seller.city,
    state: seller.state,
    postalCode: seller.postalCode,
    timeZone: seller.timeZone ?? DEFAULT_TIME_ZONE,
    isVerified: seller.isVerified,
    plan: seller.selectedPlan,
    createdAt: seller.createdAt.toISOString(),
    lastLoginAt: seller.lastLoginAt ? seller.lastLoginAt.toISOString() : null,
  };
}

export function toCustomerProfile(
  customer: CustomerDocument,
  orderCount: number | null,
): CustomerProfile {
  return {
    id: customer._id,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    defaultPostcode: customer.defaultPostcode,
    avatar: customer.avatar,
    isVerified: customer.isVerified,
    orderCount,
  };
}
