import { Schema, type Connection, type Model } from 'mongoose';
import type { planIds } from '@onvelope/contracts';

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
export interface SellerDocument {
  _id: string;
  accountId: string;
  email: string;
  /** Absent for a seller who has only ever signed in with Google. */
  passwordHash: string | null;
  googleSubject: string | null;
  displayName: string | null;
  isVerified: boolean;
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
  createdAt: Date;
  lastLoginAt: Date | null;
  passwordChangedAt: Date | null;
  /** Tokens issued before this are ended (see `accounts/token-revocation.ts`). */
  tokensNotBefore: Date | null;
  /** Set with `tokensNotBefore` until NATS has acknowledged its revocation event. */
  revocationUnpublished?: true;
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
    email: { type: String, required: true, unique: true },
    passwordHash: text,
    googleSubject: { type: String, default: null, index: true },
    displayName: text,
    isVerified: { type: Boolean, required: true, default: false },
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
    createdAt: { type: Date, required: true },
    lastLoginAt: { type: Date, default: null },
    passwordChangedAt: { type: Date, default: null },
    tokensNotBefore: { type: Date, default: null },
    revocationUnpublished: { type: Boolean, index: true },
    profileChangedAt: { type: Date },
    profileUnpublished: { type: Boolean, index: true },
  },
  { versionKey: false, collection: 'sellers' },
);

export type SellerModel = Model<SellerDocument>;
export const sellerModel = (db: Connection): SellerModel =>
  (db.models.Seller as SellerModel | undefined) ?? db.model('Seller', sellerSchema);
