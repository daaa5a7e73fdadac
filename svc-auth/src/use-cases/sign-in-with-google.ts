import { randomUUID } from 'node:crypto';
import { tokenLifetimeSeconds, type SellerUser } from '@onvelope/contracts';
import { isDuplicateKeyError } from '@onvelope/service-kit/mongo';
import { profileChanged, type SellerDocument } from '../data/seller.model.js';
import { toSellerUser } from '../domain/account-views.js';
import type { AuthDeps } from '../deps.js';
import { GoogleSignInError } from '../google/google-sign-in-error.js';

export type GoogleSignInDeps = Pick<AuthDeps, 'sellers' | 'signer' | 'now' | 'profileRelay'>;

/** What the OpenID provider vouched for in its ID token. */
export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name?: string;
}

/**
 * Signs a seller in with Google: the seller already linked to this Google subject; else the seller
 * with the same email, linked now (only when Google says it verified the email); else a new,
 * verified seller. A refusal is a `GoogleSignInError`, whose code the sign-in page shows words for.
 */
export async function signInWithGoogle(
  deps: GoogleSignInDeps,
  identity: GoogleIdentity,
): Promise<{ token: string; user: SellerUser }> {
  const seller = await findOrLinkOrCreate(deps, identity).catch((error: unknown) => {
    // A concurrent first sign-in created or linked the seller; the second pass finds it.
    if (isDuplicateKeyError(error)) return findOrLinkOrCreate(deps, identity);
    throw error;
  });
  const token = await deps.signer.sign(
    { userId: seller._id, accountId: seller.accountId, role: 'merchant' },
    tokenLifetimeSeconds,
  );
  return { token, user: toSellerUser(seller) };
}

async function findOrLinkOrCreate(
  { sellers, now, profileRelay }: GoogleSignInDeps,
  identity: GoogleIdentity,
): Promise<SellerDocument> {
  const signedInAt = now();
  const known = await sellers
    .findOneAndUpdate(
      { googleSubject: identity.subject },
      { $set: { lastLoginAt: signedInAt } },
      { returnDocument: 'after' },
    )
    .lean();
  if (known) return known;

  if (!identity.emailVerified) throw new GoogleSignInError('email_not_verified');
  const email = identity.email.trim().toLowerCase();
  const existing = await sellers.findOne({ email }).lean();
  if (existing) {
    // Linked to this subject between the first lookup and this one (a concurrent first sign-in).
    if (existing.googleSubject === identity.subject) return existing;
    if (existing.googleSubject) throw new GoogleSignInError('linked_elsewhere');
    // A password set by an unverified sign-up was never proven to belong to the email's owner (it
    // may be someone squatting the address), so linking drops it.
    const linked = await sellers
      .findOneAndUpdate(
        { _id: existing._id, googleSubject: null },
        {
          $set: {
            googleSubject: identity.subject,
            isVerified: true,
            lastLoginAt: signedInAt,
            ...(existing.isVerified ? {} : { passwordHash: null }),
          },
        },
        { returnDocument: 'after' },
      )
      .lean();
    if (linked) return linked;
    const linkedMeanwhile = await sellers.findOne({ googleSubject: identity.subject }).lean();
    if (linkedMeanwhile) return linkedMeanwhile;
    throw new GoogleSignInError('linked_elsewhere');
  }

  const created = await sellers.create({
    _id: randomUUID(),
    accountId: randomUUID(),
    email,
    passwordHash: null,
    googleSubject: identity.subject,
    displayName: identity.name?.trim() || null,
    isVerified: true,
    onboardingCompleted: false,
    selectedPlan: null,
    trialEnd: null,
    consent: null,
    createdAt: signedInAt,
    lastLoginAt: signedInAt,
    passwordChangedAt: null,
    ...profileChanged(signedInAt),
  });
  profileRelay.kick();
  return created.toObject();
}
