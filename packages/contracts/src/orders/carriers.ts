/**
 * The carriers svc-orders recognises by name and by tracking number, and builds a buyer's tracking
 * link for (svc-orders `domain/carriers.ts`); the seller's forms offer them, most common first.
 */
export const carrierNames = [
  'Royal Mail',
  'DPD',
  'Evri',
  'DHL',
  'UPS',
  'FedEx',
  'USPS',
  'Parcelforce',
] as const;
export type CarrierName = (typeof carrierNames)[number];
