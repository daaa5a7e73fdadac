import { trackingEntryModel, type TrackingEntryDocument } from '../data/tracking-entry.model.js';
import { orderNumberVariants, theOneMatch, type BuyerDetails } from '../domain/buyer-match.js';
import type { BuyerDeps } from './buyer-deps.js';

// More orders than this under one number would be a generated-numbers collision, not real sellers.
const MAX_CANDIDATES = 100;

/**
 * The one order, of any seller, whose number, email and postcode are the buyer's; null for any
 * mismatch, whichever part is wrong (the caller answers every mismatch alike).
 */
export async function findBuyersOrder(
  deps: Pick<BuyerDeps, 'db'>,
  details: BuyerDetails & { orderNumber: string },
): Promise<TrackingEntryDocument | null> {
  const candidates = await trackingEntryModel(deps.db)
    .find({ orderNumber: { $in: orderNumberVariants(details.orderNumber) } })
    .limit(MAX_CANDIDATES)
    .lean<TrackingEntryDocument[]>();
  return theOneMatch(candidates, details);
}
