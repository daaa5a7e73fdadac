import { tooManyRequests } from '@onvelope/service-kit/errors';
import { addressLimitMessages } from '../domain/sign-in-throttle.js';
import type { AuthDeps } from '../deps.js';

type LimitedCall = keyof typeof addressLimitMessages;

/**
 * Counts a sign-up or a code resend against the caller's address, or refuses it with 429 (and
 * `Retry-After`) once the address has used up its window. Counted before the work is done, so a
 * burst of parallel calls cannot slip past the limit.
 */
export async function countAddressCall(
  deps: Pick<AuthDeps, 'signInFailures' | 'addressLimits' | 'now'>,
  call: LimitedCall,
  ip: string,
): Promise<void> {
  const checks = [{ limit: deps.addressLimits[call], key: ip }];
  const now = deps.now();
  const wait = await deps.signInFailures.minutesUntilAllowed(checks, now);
  if (wait) throw tooManyRequests(addressLimitMessages[call](wait), wait * 60);
  await deps.signInFailures.count(checks, now);
}
