import type { BuyerOrder, TrackingEntry } from '@onvelope/contracts';

export type Merchant = BuyerOrder['merchant'];

/**
 * An order as its buyer may see it (spec 001 §3): the seller's own notes on how a rule applied
 * (`keywordExplanation`) and where the order came from (`source`) stay with the seller. The
 * merchant is the seller's public name and website as svc-auth tells them now.
 */
export function toBuyerOrder(entry: TrackingEntry, merchant: Merchant): BuyerOrder {
  const { keywordExplanation, statusRule, source, ...visible } = entry;
  return { ...visible, merchant };
}
