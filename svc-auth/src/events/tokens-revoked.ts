import { userTokensRevoked } from '@onvelope/contracts';
import { publishEvent } from '@onvelope/service-kit';
import type { AuthDeps } from '../deps.js';

/**
 * Ends every token of the user issued before now, in every service (and returns the cut-off).
 * Token `iat` comes from the real clock, so the cut-off does too (not the injectable one).
 * A token issued within the same second as the cut-off survives it: `iat` has whole seconds only.
 */
export async function endOlderTokens(deps: Pick<AuthDeps, 'nats'>, userId: string) {
  const notBefore = Math.floor(Date.now() / 1000);
  await publishEvent(deps.nats, userTokensRevoked, { userId, notBefore }, `${userId}:${notBefore}`);
  return notBefore;
}
