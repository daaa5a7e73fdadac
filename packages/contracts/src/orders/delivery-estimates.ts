import { z } from 'zod';
import { countryNames } from '../countries.js';
import { textField } from '../text.js';

/** The most destination lanes one seller's rule holds. */
export const MAX_ESTIMATE_LANES = 100;

export const deliveryEstimateMessages = {
  days: 'Enter a whole number of days from 0 to 90',
  processingDays: 'Enter a whole number of days from 0 to 30',
  country: 'Choose a country',
  duplicateLane: 'Each country and carrier can have one transit time',
  tooManyLanes: `A rule can have at most ${MAX_ESTIMATE_LANES} destinations`,
} as const;

const days = (max: number, message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(max, message);

/**
 * Transit days to one destination country, for one carrier or (carrier null) for any carrier
 * that has no lane of its own there.
 */
export const deliveryEstimateLane = z.object({
  country: z
    .string({ error: deliveryEstimateMessages.country })
    .trim()
    .toUpperCase()
    .refine((code) => code in countryNames, deliveryEstimateMessages.country),
  carrier: textField().trim().max(60).nullable().default(null),
  transitDays: days(90, deliveryEstimateMessages.days),
});
export type DeliveryEstimateLane = z.infer<typeof deliveryEstimateLane>;

const laneKey = (lane: DeliveryEstimateLane) =>
  `${lane.country}\u0000${lane.carrier?.toLowerCase() ?? ''}`;

/**
 * A seller's own delivery estimate (issue 33), for orders whose carrier gives no date: processing
 * days from the order to the shipment, then transit days to the destination. Days are business
 * days (Monday to Friday), as sellers and carriers quote them. The most specific lane wins:
 * country and carrier, then country, then domestic or international.
 */
export const deliveryEstimateRule = z.object({
  processingDays: days(30, deliveryEstimateMessages.processingDays),
  /** To the seller's own country (account settings); international when they set none. */
  domesticTransitDays: days(90, deliveryEstimateMessages.days),
  internationalTransitDays: days(90, deliveryEstimateMessages.days),
  lanes: z
    .array(deliveryEstimateLane)
    .max(MAX_ESTIMATE_LANES, deliveryEstimateMessages.tooManyLanes)
    .refine(
      (lanes) => new Set(lanes.map(laneKey)).size === lanes.length,
      deliveryEstimateMessages.duplicateLane,
    ),
});
export type DeliveryEstimateRule = z.infer<typeof deliveryEstimateRule>;

/** What a seller who set nothing gets: typical figures for tracked post. */
export const defaultDeliveryEstimateRule: DeliveryEstimateRule = {
  processingDays: 1,
  domesticTransitDays: 3,
  internationalTransitDays: 10,
  lanes: [],
};

export const deliveryEstimateRuleResponse = z.object({
  rule: deliveryEstimateRule,
  /** False while the seller has never saved a rule of their own (the defaults apply). */
  saved: z.boolean(),
});

/**
 * When an order should arrive, and whose figure it is: the carrier's, or the seller's rule (shown
 * labelled as the seller's estimate). A calendar day (`YYYY-MM-DD`), not an instant.
 */
export const deliveryEstimate = z.object({
  date: z.iso.date(),
  by: z.enum(['carrier', 'seller']),
});
export type DeliveryEstimate = z.infer<typeof deliveryEstimate>;
