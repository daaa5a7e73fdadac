import type { Role } from '@onvelope/contracts';
import { unauthorized } from '@onvelope/service-kit/errors';
import { authMessages, type VerifiedToken } from '@onvelope/service-kit/auth';
import type { AuthDeps } from '../deps.js';
import type { AccountRecord } from '../data/account-record.js';
import { customerStore, sellerStore } from './account-store.js';

/**
 * What ends every token of an account issued before now, to `$set` in the very update that calls
 * for it (a new password, a reset, a new email): the change and its revocation are one document
 * write, so neither can happen without the other whatever NATS is doing. svc-auth honours
 * `tokensNotBefore` at once (`refuseRevokedToken`); the other services hear of it from the event
 * the relay publishes until NATS acknowledges it (`events/tokens-revoked.ts`). Tokens carry `iatMs`
 * from the real clock, so the cut-off comes from it too (not the injectable one): a token signed
 * after this call, even within the same second, outlives it.
 */
export function tokenRevocation(): Pick<
  AccountRecord,
  'tokensNotBefore' | 'revocationUnpublished'
> {
  return { tokensNotBefore: new Date(), revocationUnpublished: true };
}

const storeOf = (
  deps: Pick<AuthDeps, 'sellers' | 'customers' | 'now' | 'profileRelay'>,
  role: Role,
) => (role === 'merchant' ? sellerStore(deps) : customerStore(deps));

/**
 * svc-auth's own check of a verified token against the account's stored cut-off: it needs no event,
 * so a revocation holds here from the moment its write is done. (An account that is gone is left
 * to the call, which answers it as its own 404.)
 */
export async function refuseRevokedToken(
  deps: Pick<AuthDeps, 'sellers' | 'customers' | 'now' | 'profileRelay'>,
  token: VerifiedToken,
): Promise<VerifiedToken> {
  const account = await storeOf(deps, token.role).findById(token.userId);
  const cutoff = account?.tokensNotBefore?.getTime();
  if (cutoff !== undefined && token.issuedAtMs < cutoff) throw unauthorized(authMessages.expired);
  return token;
}
