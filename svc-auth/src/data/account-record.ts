import type { SchemaDefinition } from 'mongoose';

/**
 * What sign-up, sign-in, codes and passwords need of an account, seller or buyer alike: the fields
 * the seller and customer models share, so the shared use cases work through either.
 */
export interface AccountRecord {
  _id: string;
  email: string;
  passwordHash: string | null;
  isVerified: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
  passwordChangedAt: Date | null;
  /** Tokens issued before this are ended (see `accounts/token-revocation.ts`). */
  tokensNotBefore: Date | null;
  /** Set with `tokensNotBefore` until NATS has acknowledged its revocation event. */
  revocationUnpublished?: true;
}

/**
 * The schema paths of `AccountRecord` (all but `_id`), spread into each account model's schema. A
 * function, so each schema gets its own path options rather than objects another schema also holds.
 */
export const accountRecordPaths = () =>
  ({
    email: { type: String, required: true, unique: true },
    passwordHash: { type: String, default: null },
    isVerified: { type: Boolean, required: true, default: false },
    createdAt: { type: Date, required: true },
    lastLoginAt: { type: Date, default: null },
    passwordChangedAt: { type: Date, default: null },
    tokensNotBefore: { type: Date, default: null },
    revocationUnpublished: { type: Boolean, index: true },
  }) satisfies SchemaDefinition<Omit<AccountRecord, '_id'>>;
