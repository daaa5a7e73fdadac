import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyVerifier } from '@onvelope/service-kit/auth';
import { connectTestDatabase, uniqueDatabaseName } from '@onvelope/testkit';
import { hashPassword, passwordMatches } from '../src/accounts/credentials.js';
import { sellerModel, type SellerModel } from '../src/data/seller.model.js';
import type { TokenSigner } from '../src/domain/signing-key.js';
import { loadSigningKey } from '../src/use-cases/load-signing-key.js';
import { signInWithGoogle } from '../src/use-cases/sign-in-with-google.js';

describe('signInWithGoogle', () => {
  let db: mongoose.Connection;
  let sellers: SellerModel;
  let signer: TokenSigner;
  const now = () => new Date('2026-03-01T10:00:00Z');
  let profileKicks = 0;
  const profileRelay = { kick: () => void profileKicks++ };
  const deps = () => ({ sellers, signer, now, profileRelay });

  beforeAll(async () => {
    db = await connectTestDatabase(uniqueDatabaseName('google'));
    sellers = sellerModel(db);
    await sellers.syncIndexes();
    signer = await loadSigningKey(db);
  });
  afterAll(() => db.close());

  const insertSeller = async (email: string, fields: Record<string, unknown> = {}) =>
    sellers.create({
      _id: `seller-${email}`,
      accountId: `account-${email}`,
      email,
      passwordHash: await hashPassword('secret1'),
      isVerified: true,
      createdAt: now(),
      ...fields,
    });

  it('creates a verified seller for a new Google identity and signs a merchant token', async () => {
    const kicksBefore = profileKicks;
    const { token, user } = await signInWithGoogle(deps(), {
      subject: 'g-new',
      email: 'New.Seller@Example.com',
      emailVerified: true,
      name: 'New Seller',
    });
    expect(user).toMatchObject({
      email: 'new.seller@example.com',
      displayName: 'New Seller',
      role: 'merchant',
      isVerified: true,
      onboardingCompleted: false,
    });
    const claims = await createKeyVerifier(signer.publicKey)(token);
    expect(claims).toMatchObject({ userId: user.id, accountId: user.accountId, role: 'merchant' });
    // The new seller's profile is announced now, not at the relay's next look.
    expect(profileKicks).toBe(kicksBefore + 1);
  });

  it('finds the same seller again by the Google subject, even after an email change', async () => {
    const first = await signInWithGoogle(deps(), {
      subject: 'g-again',
      email: 'again@example.com',
      emailVerified: true,
    });
    await sellers.updateOne({ _id: first.user.id }, { $set: { email: 'moved@example.com' } });
    const second = await signInWithGoogle(deps(), {
      subject: 'g-again',
      email: 'again@example.com',
      emailVerified: true,
    });
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.email).toBe('moved@example.com');
  });

  it('links an existing seller with the same verified email and keeps their password', async () => {
    await insertSeller('linked@example.com');
    const { user } = await signInWithGoogle(deps(), {
      subject: 'g-linked',
      email: 'linked@example.com',
      emailVerified: true,
    });
    expect(user.id).toBe('seller-linked@example.com');
    const stored = await sellers.findById(user.id).lean();
    expect(stored?.googleSubject).toBe('g-linked');
    expect(await passwordMatches(stored?.passwordHash ?? null, 'secret1')).toBe(true);
  });

  it('drops the password of an unverified sign-up when linking, since nobody proved it', async () => {
    await insertSeller('squatted@example.com', { isVerified: false });
    const { user } = await signInWithGoogle(deps(), {
      subject: 'g-owner',
      email: 'squatted@example.com',
      emailVerified: true,
    });
    expect(user.isVerified).toBe(true);
    expect((await sellers.findById(user.id).lean())?.passwordHash).toBeNull();
  });

  it('refuses an email Google has not verified, and links nothing', async () => {
    await insertSeller('unproven@example.com');
    await expect(
      signInWithGoogle(deps(), {
        subject: 'g-unproven',
        email: 'unproven@example.com',
        emailVerified: false,
      }),
    ).rejects.toMatchObject({ code: 'email_not_verified' });
    expect((await sellers.findOne({ email: 'unproven@example.com' }).lean())?.googleSubject).toBe(
      null,
    );
  });

  it('refuses to link an email already linked to another Google account', async () => {
    await insertSeller('taken@example.com', { googleSubject: 'g-first' });
    await expect(
      signInWithGoogle(deps(), {
        subject: 'g-second',
        email: 'taken@example.com',
        emailVerified: true,
      }),
    ).rejects.toMatchObject({ code: 'linked_elsewhere' });
  });

  it('creates one seller when the same new identity signs in twice at once', async () => {
    const identity = { subject: 'g-twice', email: 'twice@example.com', emailVerified: true };
    const [a, b] = await Promise.all([
      signInWithGoogle(deps(), identity),
      signInWithGoogle(deps(), identity),
    ]);
    expect(a.user.id).toBe(b.user.id);
    expect(await sellers.countDocuments({ email: 'twice@example.com' })).toBe(1);
  });
});
