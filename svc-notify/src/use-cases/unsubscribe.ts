import { badRequest } from '@onvelope/service-kit/errors';
import type { SuppressionModel } from '../data/suppression.model.js';
import { verifyUnsubscribeToken } from '../domain/unsubscribe-token.js';
import type { SellerFactsReader } from './seller-facts.js';
import { isSuppressed, suppress } from './suppressions.js';

export interface UnsubscribeDeps {
  secret: string;
  suppressions: SuppressionModel;
  sellers: SellerFactsReader;
  now: () => Date;
}

export interface UnsubscribeAnswer {
  email: string;
  storeName: string;
  unsubscribed: boolean;
}

const claimsOf = (deps: UnsubscribeDeps, token: string) => {
  const claims = verifyUnsubscribeToken(deps.secret, token);
  if (!claims) throw badRequest('This unsubscribe link is not valid.');
  return claims;
};

/** What the link is about, and whether it has been used already (a GET: changes nothing). */
export async function readUnsubscribe(
  deps: UnsubscribeDeps,
  token: string,
): Promise<UnsubscribeAnswer> {
  const claims = claimsOf(deps, token);
  const [seller, unsubscribed] = await Promise.all([
    deps.sellers.factsOf(claims.accountId),
    isSuppressed(deps.suppressions, claims.accountId, claims.email),
  ]);
  return { email: claims.email, storeName: seller.storeName, unsubscribed };
}

/** The buyer stops this seller's mails to their address (one click, no sign-in). */
export async function confirmUnsubscribe(
  deps: UnsubscribeDeps,
  token: string,
): Promise<UnsubscribeAnswer> {
  const claims = claimsOf(deps, token);
  await suppress(
    deps.suppressions,
    { accountId: claims.accountId, email: claims.email, reason: 'unsubscribed', detail: null },
    deps.now(),
  );
  const seller = await deps.sellers.factsOf(claims.accountId);
  return { email: claims.email, storeName: seller.storeName, unsubscribed: true };
}
