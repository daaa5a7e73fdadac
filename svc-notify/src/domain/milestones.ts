import type {
  CarrierStatus,
  NotificationMilestone,
  PayloadOf,
  ProblemKind,
  trackingEntryUpserted,
} from '@onvelope/contracts';

export type EntryChange = PayloadOf<typeof trackingEntryUpserted>['changes'][number];

export interface MilestoneOf {
  milestone: NotificationMilestone;
  /** For `problem` only: which words the message uses. */
  problem: ProblemKind | null;
}

/** The carrier statuses a buyer is told about as a problem, and in which words. */
const problemOfCarrierStatus: Partial<Record<CarrierStatus, ProblemKind>> = {
  failure: 'failed_attempt',
  error: 'exception',
  return_to_sender: 'returned',
  available_for_pickup: 'awaiting_pickup',
};

/**
 * The milestone an order has reached by this change, or null when it is none a buyer is mailed
 * about (pending, processing, cancelled, in transit). Delivered wins over anything the carrier
 * said before; a problem wins over "out for delivery" (the carrier's newest word); shipped needs a
 * tracking number, since the message is about following the parcel.
 *
 * @example milestoneOf({ ...change, status: 'shipped', trackingNumber: 'AB1' }) // { milestone: 'shipped', problem: null }
 */
export function milestoneOf(
  change: Pick<EntryChange, 'status' | 'carrierStatus' | 'trackingNumber'>,
): MilestoneOf | null {
  if (change.status === 'delivered' || change.carrierStatus === 'delivered') {
    return { milestone: 'delivered', problem: null };
  }
  if (change.status === 'cancelled') return null;
  const problem = change.carrierStatus ? problemOfCarrierStatus[change.carrierStatus] : undefined;
  if (problem) return { milestone: 'problem', problem };
  const shipped = change.status === 'shipped' || change.status === 'partially_shipped';
  if (change.carrierStatus === 'out_for_delivery' && (shipped || change.trackingNumber)) {
    return { milestone: 'out_for_delivery', problem: null };
  }
  if (shipped && change.trackingNumber?.trim()) return { milestone: 'shipped', problem: null };
  return null;
}

/**
 * How far along a parcel is: a change never mails a milestone behind one already reached (a
 * late "shipped" after "delivered"). A problem stands beside the way, not on it: it can follow
 * shipped or out for delivery, and a delivery can follow it.
 */
export const progressOf: Record<NotificationMilestone, number> = {
  shipped: 1,
  out_for_delivery: 2,
  problem: 2,
  delivered: 3,
};

/** When the order reached the milestone, as far as the change says (null when it does not). */
export function milestoneDateOf(
  milestone: NotificationMilestone,
  change: Pick<EntryChange, 'deliveredAt' | 'shippedAt' | 'orderDate'>,
): Date | null {
  const iso =
    milestone === 'delivered'
      ? (change.deliveredAt ?? change.shippedAt ?? change.orderDate)
      : (change.shippedAt ?? change.orderDate);
  return iso ? new Date(iso) : null;
}

/**
 * Whether an order svc-notify sees for the first time is history rather than news: imported
 * already delivered (with no date, or delivered more than `pastDays` ago), or shipped more than
 * `pastDays` ago. Such an order gets no mail; later milestones of it do.
 */
export function isPastMilestone(
  milestone: NotificationMilestone,
  change: Pick<EntryChange, 'deliveredAt' | 'shippedAt' | 'orderDate'>,
  now: Date,
  pastDays: number,
): boolean {
  const at = milestoneDateOf(milestone, change);
  if (!at) return milestone === 'delivered';
  return now.getTime() - at.getTime() > pastDays * 86_400_000;
}
