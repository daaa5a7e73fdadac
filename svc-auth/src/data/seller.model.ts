import { Schema, type Connection, type Model } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';
import type { planIds } from '@onvelope/contracts';
import { accountRecordPaths, type AccountRecord } from './account-record.js';

type PlanId = (typeof planIds)[number];

/** The consent a seller gave when starting the trial, with the address the request came from. */
export interface StoredConsent {
  agreed: boolean;
  termsUrl: string;
  privacyUrl: string;
  termsVersion: string;
  consentTimestamp: Date;
  /** What the screen sent (a browser-side marker, spec 001 §3). */
  consentIp: string;
  /** What the service saw: the request's client address. */
  requestIp: string;
  recordedAt: Date;
}

/** A seller (merchant user). One account per seller for now: `accountId` is made at sign-up. */
export interface SellerDocument extends AccountRecord {
  accountId: string;
  /** Set by Google sign-in; a seller who has only ever signed in with Google has no `passwordHash`. */
  googleSubject: string | null;
  displayName: string | null;
  onboardingCompleted: boolean;
  selectedPlan: PlanId | null;
  trialEnd: Date | null;
  consent: StoredConsent | null;
  companyName: string | null;
  businessType: string | null;
  website: string | null;
  phoneNumber: string | null;
  country: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  /** Null: `DEFAULT_TIME_ZONE`. */
  timeZone: string | null;
  /**
   * When the facts of `sellerProfileChanged` last changed (address, names, website, time zone);
   * `profileUnpublished` is set with it until NATS has acknowledged the event
   * (`events/seller-profile.ts`). Absent on accounts from before the event: announced at start.
   */
  profileChangedAt?: Date;
  profileUnpublished?: boolean;
}

/**
 * What a write sets beside a change of what `sellerProfileChanged` carries (the address, names,
 * website, time zone), so that `events/seller-profile.ts` announces it.
 */
export const profileChanged = (now: Date) => ({
  profileChangedAt: now,
  profileUnpublished: true,
});

const text = { type: String, default: null };

const sellerSchema = new Schema<SellerDocument>(
  {
    _id: { type: String, required: true },
    accountId: { type: String, required: true, index: true },
    ...accountRecordPaths(),
    googleSubject: { type: String, default: null, index: true },
    displayName: text,
    onboardingCompleted: { type: Boolean, required: true, default: false },
    selectedPlan: text,
    trialEnd: { type: Date, default: null },
    consent: { type: Schema.Types.Mixed, default: null },
    companyName: text,
    businessType: text,
    website: text,
    phoneNumber: text,
    country: text,
    address: text,
    city: text,
    state: text,
    postalCode: text,
    timeZone: text,
    profileChangedAt: { type: Date },
    profileUnpublished: { type: Boolean, index: true },
  },
  { versionKey: false, collection: 'sellers' },
);

export type SellerModel = Model<SellerDocument>;
export const sellerModel = (db: Connection): SellerModel =>
  registeredModel(db, 'Seller', sellerSchema);
