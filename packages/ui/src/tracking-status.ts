import { trackingEntryStatuses } from '@onvelope/contracts';

export type TrackingStatus = (typeof trackingEntryStatuses)[number];

/** Is this one of the statuses of contracts' `trackingEntryStatuses`? */
export function isTrackingStatus(status: string): status is TrackingStatus {
  return (trackingEntryStatuses as readonly string[]).includes(status);
}

/**
 * An order status in words, as every screen shows it.
 *
 * @example statusLabel('partially_shipped') // 'Partially shipped'
 */
export function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : status;
}

/**
 * The colour a status is shown in (spec 000 §4, spec 001 §2): each known status its own, any other
 * value (a store-front's own status) a neutral 'other'. Screens add it to their class names
 * (`me-status--shipped`, `cu-status--other`).
 */
export function statusTone(status: string): TrackingStatus | 'other' {
  return isTrackingStatus(status) ? status : 'other';
}
