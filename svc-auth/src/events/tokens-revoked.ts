import { userTokensRevoked } from '@onvelope/contracts';
import { publishEvent } from '@onvelope/service-kit';
import type { AuthDeps } from '../deps.js';

/**
 * Ends every token of the user issued before now, in every service (and returns the cut-off).
 * Tokens carry `iatMs` from the real clock, so the cut-off comes from it too (not the injectable
 * one); a token signed after this call, even within the same second, outlives it.
 */
export async function endOlderTokens(deps: Pick<AuthDeps, 'nats'>, userId: string) {
  const notBeforeMs = Date.now();
  await publishEvent(
    deps.nats,
    userTokensRevoked,
    { userId, notBeforeMs },
    `${userId}:${notBeforeMs}`,
  );
  return notBeforeMs;
}
