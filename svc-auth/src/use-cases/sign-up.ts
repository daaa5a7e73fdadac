import type { AccountFields, AccountStore } from '../accounts/account-store.js';
import type { AccountRecord } from '../data/account-record.js';
import { emailTaken } from '../accounts/account-errors.js';
import { hashPassword } from '../accounts/credentials.js';
import { sendCode } from '../accounts/verification-codes.js';
import type { AuthDeps } from '../deps.js';
import { isDuplicateKeyError } from '@onvelope/service-kit/mongo';

export interface SignUpInput<T> {
  email: string;
  password: string;
  profile: AccountFields<T>;
}

/**
 * Creates an unverified account and emails it a verification code. An address already verified is
 * taken (409). An address still unverified is signed up again: whoever signs up last sets the
 * password, and only the owner of the mailbox can then verify it.
 */
export async function signUp<T extends AccountRecord>(
  deps: AuthDeps,
  store: AccountStore<T>,
  input: SignUpInput<T>,
): Promise<{ requiresVerification: true; email: string; message: string }> {
  const passwordHash = await hashPassword(input.password);
  const account = await createOrRenew(store, input, passwordHash).catch((error: unknown) => {
    // Someone signed up with the same address at the same moment; decide against theirs.
    if (isDuplicateKeyError(error)) return createOrRenew(store, input, passwordHash);
    throw error;
  });
  // Within the resend cooldown the code sent moments ago still works; no second mail.
  await sendCode(
    deps,
    { kind: store.kind, purpose: 'verify-email', userId: account._id, email: account.email },
    'skip',
  );
  return {
    requiresVerification: true,
    email: account.email,
    message: `We sent a 6-digit verification code to ${account.email}. Enter it to verify your email.`,
  };
}

async function createOrRenew<T extends AccountRecord>(
  store: AccountStore<T>,
  input: SignUpInput<T>,
  passwordHash: string,
): Promise<T> {
  const existing = await store.findByEmail(input.email);
  if (!existing) {
    return store.create({ ...input.profile, email: input.email, passwordHash });
  }
  if (existing.isVerified) throw emailTaken();
  const renewed = await store.update(
    existing._id,
    { ...input.profile, passwordHash },
    { isVerified: false },
  );
  if (!renewed) throw emailTaken();
  return renewed;
}
