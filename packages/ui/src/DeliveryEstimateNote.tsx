import type { DeliveryEstimate } from '@onvelope/contracts';
import { formatDay } from './date-format.js';

export interface DeliveryEstimateNoteProps {
  estimate: DeliveryEstimate;
  className: string;
  /** Who reads it: the seller's own rule is "your estimate" to them, "the seller's" to a buyer. */
  reader: 'buyer' | 'seller';
}

const whose = {
  carrier: { buyer: "the carrier's estimate", seller: "the carrier's estimate" },
  seller: {
    buyer: "the seller's estimate",
    seller: 'your estimate, from your delivery estimate settings',
  },
} as const;

/** When an order should arrive, always labelled as an estimate and with whose it is (issue 33). */
export function DeliveryEstimateNote({ estimate, className, reader }: DeliveryEstimateNoteProps) {
  return (
    <p className={className} data-testid="shipment-estimate" data-by={estimate.by}>
      Estimated delivery: {formatDay(estimate.date)} <span>({whose[estimate.by][reader]})</span>
    </p>
  );
}
