import { HttpError, badRequest, tooManyRequests } from '@onvelope/service-kit/errors';
import { isDuplicateKeyError } from '@onvelope/service-kit/mongo';
import { codeKey, type AccountKind } from '../data/one-time-code.model.js';
import { composeCodeMail } from '../domain/code-mail.js';
import {
  codeMatches,
  codeMessages,
  codeState,
  newCode,
  resendCooldownMs,
  secondsUntilResend,
  type CodePurpose,
} from '../domain/one-time-code.js';
import type { AuthDeps } from '../deps.js';

type CodeDeps = Pick<AuthDeps, 'codes' | 'mailer' | 'log' | 'now' | 'logCodes'>;

export interface CodeTarget {
  kind: AccountKind;
  purpose: CodePurpose;
  userId: string;
  email: string;
}

/**
 * Makes a new code for the account (the previous one dies) and emails it. Within the resend
 * cooldown nothing is sent: `refuse` answers 429 with the seconds left, `skip` returns quietly
 * (for calls that must not reveal whether an account exists).
 */
export async function sendCode(
  deps: CodeDeps,
  target: CodeTarget,
  duringCooldown: 'refuse' | 'skip',
): Promise<'sent' | 'cooling-down'> {
  const now = deps.now();
  const _id = codeKey(target.kind, target.purpose, target.userId);
  const { code, stored } = newCode(now);
  try {
    // Matches only a code sent before the cooldown began or to another address (an email change);
    // a younger one makes the upsert's insert collide with it (11000): that is the cooldown,
    // decided atomically across instances.
    await deps.codes.updateOne(
      {
        _id,
        $or: [
          { sentAt: { $lte: new Date(now.getTime() - resendCooldownMs) } },
          { email: { $ne: target.email } },
        ],
      },
      { $set: { ...target, ...stored } },
      { upsert: true },
    );
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    if (duringCooldown === 'skip') return 'cooling-down';
    const current = await deps.codes.findById(_id).lean();
    const seconds = Math.max(1, secondsUntilResend(current?.sentAt ?? null, deps.now()));
    throw tooManyRequests(codeMessages.wait(seconds), seconds);
  }
  try {
    await deps.mailer.send({ to: target.email, ...composeCodeMail(target.purpose, code) });
  } catch (error) {
    // The code never arrived: lift the cooldown so the next request can send another.
    await deps.codes.updateOne(
      { _id, codeHash: stored.codeHash },
      { $set: { sentAt: new Date(0) } },
    );
    deps.log.error({ err: error, purpose: target.purpose }, 'code email could not be sent');
    throw new HttpError(
      503,
      'We could not send the email right now. Please try again in a moment.',
    );
  }
  if (deps.logCodes) {
    deps.log.info({ to: target.email, purpose: target.purpose, code }, 'code sent');
  } else {
    deps.log.debug({ kind: target.kind, purpose: target.purpose }, 'code sent');
  }
  return 'sent';
}

/**
 * Checks a code and uses it up. Every try counts (counted before comparing, so parallel guesses
 * cannot exceed the limit); after the last allowed wrong try the code is dead.
 */
export async function useCode(
  deps: Pick<AuthDeps, 'codes' | 'now'>,
  target: CodeTarget,
  candidate: string,
): Promise<void> {
  const _id = codeKey(target.kind, target.purpose, target.userId);
  const stored = await deps.codes.findById(_id).lean();
  const state = codeState(stored, deps.now());
  if (!stored || state === 'missing') throw badRequest(codeMessages.invalid);
  if (state === 'exhausted') {
    // A new code can be asked for once the resend cooldown of the dead one is over.
    const seconds = secondsUntilResend(stored.sentAt, deps.now());
    throw tooManyRequests(codeMessages.tooManyAttempts, seconds);
  }
  if (state === 'expired') throw badRequest(codeMessages.expired);

  const counted = await deps.codes.updateOne(
    { _id, codeHash: stored.codeHash, attempts: stored.attempts },
    { $inc: { attempts: 1 } },
  );
  if (counted.modifiedCount === 0) {
    // Another try (or a new code) got in between: judge this one against what is stored now.
    return useCode(deps, target, candidate);
  }
  // A code proves the address it was sent to, not one the account moved to since.
  if (stored.email !== target.email || !codeMatches(stored, candidate)) {
    throw badRequest(codeMessages.invalid);
  }
  const used = await deps.codes.deleteOne({ _id, codeHash: stored.codeHash });
  if (used.deletedCount === 0) throw badRequest(codeMessages.invalid);
}
