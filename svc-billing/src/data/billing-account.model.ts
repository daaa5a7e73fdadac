import { Schema, type Connection, type Model } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';
import type { z } from 'zod';
import type { consentRecord } from '@onvelope/contracts';
import type { TrialNoticeKind } from '../domain/billing-notices.js';
import type { PlanId, StoredSubscription } from '../domain/subscription-state.js';

type GivenConsent = z.infer<typeof consentRecord>;

/**
 * A consent to the terms as the screen sent it (spec 001 §3; `consentIp` is a browser-side marker),
 * with the address the request came from and where it was given.
 */
export type StoredConsent = Omit<GivenConsent, 'consentTimestamp'> & {
  consentTimestamp: Date;
  requestIp: string;
  recordedAt: Date;
  givenAt: 'onboarding' | 'checkout';
  /** The checkout session it was given for. */
  checkoutSessionId: string | null;
};

/** The consent to keep, from what the screen sent and where it was given. */
export function storedConsentOf(
  consent: GivenConsent,
  given: Pick<StoredConsent, 'requestIp' | 'recordedAt' | 'givenAt' | 'checkoutSessionId'>,
): StoredConsent {
  return { ...consent, consentTimestamp: new Date(consent.consentTimestamp), ...given };
}

/**
 * A subscription Stripe made beside the one the account already had (two checkouts paid, one made
 * in Stripe's dashboard): cancelled at Stripe and kept here, so it is never silently forgotten.
 */
export interface SecondSubscription {
  id: string;
  /** The subscription the account kept. */
  keptSubscriptionId: string;
  /** The Stripe event that brought it. */
  eventId: string;
  detectedAt: Date;
  /** When Stripe confirmed the cancellation; null while it is still to be done. */
  cancelledAt: Date | null;
}

/**
 * One seller account's billing: its trial, its Stripe customer and subscription, and the consents it
 * gave. `version` grows with every change that alters access; `pendingPublish` says the
 * BILLING_ACCESS stream does not have that version yet (the relay publishes it).
 */
export interface BillingAccountDocument {
  _id: string;
  email: string | null;
  selectedPlan: PlanId | null;
  trialEnd: Date | null;
  stripeCustomerId: string | null;
  subscription: StoredSubscription | null;
  consents: StoredConsent[];
  /**
   * The one checkout session that may be paid (a new checkout expires the one before). Absent on
   * accounts stored before it was kept.
   */
  openCheckoutId?: string | null;
  /** Second subscriptions found and cancelled (see `SecondSubscription`); absent when none. */
  secondSubscriptions?: SecondSubscription[];
  /**
   * The last trial notice the sweep decided on (asked for, or not needed because a subscription
   * follows): `trial_ending`, then `trial_ended`. Absent or null before the first, and on accounts
   * stored before the notices existed. Not a change of access: written without `version`.
   */
  trialNoticeStep?: TrialNoticeKind | null;
  version: number;
  /** Set with every change, cleared once the stream has that version (the relay's to-do list). */
  pendingPublish: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const billingAccountSchema = new Schema<BillingAccountDocument>(
  {
    _id: { type: String, required: true },
    email: { type: String, default: null },
    selectedPlan: { type: String, default: null },
    trialEnd: { type: Date, default: null },
    stripeCustomerId: { type: String, default: null, index: true },
    subscription: { type: Schema.Types.Mixed, default: null },
    consents: { type: Schema.Types.Mixed, default: () => [] },
    openCheckoutId: { type: String, default: null },
    secondSubscriptions: { type: Schema.Types.Mixed, default: () => [] },
    trialNoticeStep: { type: String, default: null },
    version: { type: Number, required: true, default: 0 },
    pendingPublish: { type: Boolean, required: true, default: false, index: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'billing_accounts' },
)
  // The trial notice sweep: accounts not yet decided for a notice (equality) whose trial ends in
  // its window (range). Decided accounts leave the scanned bounds, so a minute's sweep reads only
  // what became due, never every account.
  .index({ trialNoticeStep: 1, trialEnd: 1 });

export type BillingAccountModel = Model<BillingAccountDocument>;
export const billingAccountModel = (db: Connection): BillingAccountModel =>
  registeredModel(db, 'BillingAccount', billingAccountSchema);
