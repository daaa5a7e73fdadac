import argon2 from 'argon2';
import { tooManyRequests } from '@onvelope/service-kit/errors';
import { type AttemptCheck } from '@onvelope/service-kit/mongo';
import type { AccountKind } from '../data/one-time-code.model.js';
import { signInLimits, throttleMessage } from '../domain/sign-in-throttle.js';
import type { AuthDeps } from '../deps.js';

/** argon2id with the library's defaults (64 MiB, 3 passes, 4 lanes): OWASP's recommended floor. */
export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

let decoyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. An account with no hash (unknown email, Google-only
 * seller) is checked against a decoy so the answer takes as long as for a real account.
 */
export async function passwordMatches(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    decoyHash ??= hashPassword('decoy password that matches nothing');
    await argon2.verify(await decoyHash, password);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}

type ThrottleDeps = Pick<AuthDeps, 'signInFailures' | 'now'>;

export interface SignInAttempt {
  kind: AccountKind;
  email: string;
  ip: string;
}

const emailCheck = (kind: AccountKind, email: string): AttemptCheck => ({
  limit: signInLimits.email,
  key: `${kind}:${email}`,
});
const checksOf = (attempt: SignInAttempt): AttemptCheck[] => [
  emailCheck(attempt.kind, attempt.email),
  { limit: signInLimits.ip, key: attempt.ip },
];

/**
 * Checks a password for a sign-in (or any other call that takes the password), throttled per
 * account email and per client IP: once either has too many failures this window, the answer is 429
 * without the password being looked at. A failure counts against both; a success clears the
 * email's count.
 */
export async function checkPassword(
  deps: ThrottleDeps,
  attempt: SignInAttempt,
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  const now = deps.now();
  const checks = checksOf(attempt);
  const wait = await deps.signInFailures.minutesUntilAllowed(checks, now);
  if (wait) throw tooManyRequests(throttleMessage(wait), wait * 60);

  if (await passwordMatches(storedHash, password)) {
    await deps.signInFailures.clear(emailCheck(attempt.kind, attempt.email));
    return true;
  }
  await deps.signInFailures.count(checks, now);
  return false;
}

/** Forgets the email's failures (after a password reset proves who holds the account). */
export async function clearSignInFailures(deps: ThrottleDeps, kind: AccountKind, email: string) {
  await deps.signInFailures.clear(emailCheck(kind, email));
}
