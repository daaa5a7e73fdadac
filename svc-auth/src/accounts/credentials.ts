import argon2 from 'argon2';
import { HttpError } from '@onvelope/service-kit';
import type { AccountKind } from '../data/one-time-code.model.js';
import {
  isThrottled,
  minutesUntilWindowEnds,
  throttleMessage,
  throttleWindowMs,
  windowStart,
} from '../domain/sign-in-throttle.js';
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

const emailSubject = (attempt: SignInAttempt) => `email:${attempt.kind}:${attempt.email}`;
const ipSubject = (attempt: SignInAttempt) => `ip:${attempt.ip}`;
const failureId = (subject: string, start: number) => `${subject}@${start}`;

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
  const start = windowStart(now);
  const subjects = [emailSubject(attempt), ipSubject(attempt)];
  const counts = await deps.signInFailures
    .find({ _id: { $in: subjects.map((subject) => failureId(subject, start)) } })
    .lean();
  const countOf = (subject: string) => counts.find((doc) => doc.subject === subject)?.count ?? 0;
  if (isThrottled({ email: countOf(subjects[0] ?? ''), ip: countOf(subjects[1] ?? '') })) {
    throw new HttpError(429, throttleMessage(minutesUntilWindowEnds(now)));
  }

  if (await passwordMatches(storedHash, password)) {
    await deps.signInFailures.deleteMany({ subject: emailSubject(attempt) });
    return true;
  }
  const expiresAt = new Date(start + throttleWindowMs);
  const count = (subject: string) =>
    deps.signInFailures.updateOne(
      { _id: failureId(subject, start) },
      { $inc: { count: 1 }, $setOnInsert: { subject, windowStart: new Date(start), expiresAt } },
      { upsert: true },
    );
  await Promise.all(
    subjects.map((subject) =>
      // Two first failures at once both try the insert; the loser's retry increments the winner's.
      count(subject).catch((error: { code?: number }) => {
        if (error.code === 11000) return count(subject);
        throw error;
      }),
    ),
  );
  return false;
}

/** Forgets the email's failures (after a password reset proves who holds the account). */
export async function clearSignInFailures(deps: ThrottleDeps, kind: AccountKind, email: string) {
  await deps.signInFailures.deleteMany({ subject: `email:${kind}:${email}` });
}
