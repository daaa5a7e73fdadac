import { Schema, type Connection, type Model } from 'mongoose';
import type { PlanId, StoredSubscription } from '../domain/subscription-state.js';

/** A consent to the terms, with where it was given and the address the request came from. */
export interface StoredConsent {
  agreed: boolean;
  termsUrl: string;
  privacyUrl: string;
  termsVersion: string;
  consentTimestamp: Date;
  /** What the screen sent (a browser-side marker, spec 001 §3). */
  consentIp: string;
  requestIp: string;
  recordedAt: Date;
  givenAt: 'onboarding' | 'checkout';
  /** The checkout session it was given for. */
  checkoutSessionId: string | null;
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
    version: { type: Number, required: true, default: 0 },
    pendingPublish: { type: Boolean, required: true, default: false, index: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'billing_accounts' },
);

export type BillingAccountModel = Model<BillingAccountDocument>;
export const billingAccountModel = (db: Connection): BillingAccountModel =>
  (db.models.BillingAccount as BillingAccountModel | undefined) ??
  db.model('BillingAccount', billingAccountSchema);
