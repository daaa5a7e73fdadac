import { z } from 'zod';

/**
 * Where a shipment is, in the carrier's words as the tracking provider normalises them (EasyPost's
 * tracker statuses; another provider maps its own onto these).
 */
export const carrierStatuses = [
  'unknown',
  'pre_transit',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'available_for_pickup',
  'return_to_sender',
  'failure',
  'cancelled',
  'error',
] as const;
export type CarrierStatus = (typeof carrierStatuses)[number];

/** Carrier statuses that ask for the seller's attention (the dashboard's Needs attention view). */
export const problemCarrierStatuses = [
  'available_for_pickup',
  'return_to_sender',
  'failure',
  'error',
] as const satisfies readonly CarrierStatus[];

/** One scan of the parcel: when, where and what the carrier said. */
export const carrierCheckpoint = z.object({
  at: z.iso.datetime(),
  status: z.enum(carrierStatuses),
  statusDetail: z.string().nullable(),
  message: z.string(),
  /** "Memphis, TN, US": the parts the carrier gave, in that order; null when it gave none. */
  place: z.string().nullable(),
});
export type CarrierCheckpoint = z.infer<typeof carrierCheckpoint>;

/**
 * What the tracking provider last said of an order's shipment. `carrierUpdatedAt` orders the
 * provider's reports: an older or equal one changes nothing.
 */
export const deliveryRecord = z.object({
  provider: z.string(),
  trackerId: z.string(),
  carrier: z.string().nullable(),
  carrierStatus: z.enum(carrierStatuses),
  /** The provider's finer reason (`arrived_at_facility`, `delivery_attempt_failed`, …). */
  statusDetail: z.string().nullable(),
  /** Oldest first. */
  checkpoints: z.array(carrierCheckpoint),
  /** The carrier's own estimate, when it gives one. */
  estimatedDeliveryAt: z.iso.datetime().nullable(),
  signedBy: z.string().nullable(),
  /** The carrier's public tracking page. */
  carrierUrl: z.string().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  carrierUpdatedAt: z.iso.datetime(),
});
export type DeliveryRecord = z.infer<typeof deliveryRecord>;

/**
 * Why a shipment needs the seller's attention (the dashboard's Needs attention view): the carrier
 * reports an exception, a failed delivery attempt, a return, a parcel waiting at a pickup point,
 * or has said nothing for the seller's number of days.
 */
export const attentionReasons = [
  'exception',
  'failed_attempt',
  'returned',
  'pickup',
  'quiet',
] as const;
export type AttentionReason = (typeof attentionReasons)[number];

export const needsAttentionQuery = z.object({
  reason: z.union([z.literal('all'), z.enum(attentionReasons)]).default('all'),
  /** A shipment with no carrier update for this many days is quiet. */
  quietDays: z.coerce.number().int().min(1).max(60).default(5),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const refreshShipmentsResponse = z.object({
  /** Shipments whose carrier was asked again; their updates follow within seconds. */
  refreshed: z.number().int().nonnegative(),
  message: z.string(),
});
