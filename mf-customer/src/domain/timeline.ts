import { formatDate, statusLabel } from '@onvelope/ui';

/** The order fields a timeline is built from. */
export interface TimelineOrder {
  status: string;
  orderDate: string | null;
  createdAt: string;
  shippedAt: string | null;
  updatedAt: string;
}

export type StepState = 'done' | 'current' | 'upcoming';

export interface TimelineStep {
  key: string;
  label: string;
  /** en-US date of the step, or '' when the order holds none for it. */
  date: string;
  state: StepState;
}

// How far along the usual path each status is: placed (0), processing (1), shipped (2), delivered (3).
const progress: Record<string, number> = {
  pending: 0,
  processing: 1,
  shipped: 2,
  partially_shipped: 2,
  delivered: 3,
};

/**
 * The public page's timeline (spec 001 §2) from the order's dates and status: Order placed (the
 * order date, else when it was recorded), Processing, Shipped (or Partially shipped; the shipped
 * date) and Delivered. The step the order is at is `current`, those before it `done`. No delivery
 * date is recorded, so a delivered order shows its last update there. A cancelled order ends at
 * Cancelled; a status outside the usual path (e.g. on_hold) follows Order placed as its own step.
 */
export function buildTimeline(order: TimelineOrder): TimelineStep[] {
  const placed = formatDate(order.orderDate ?? order.createdAt, '');
  const at = progress[order.status];
  if (at === undefined) {
    const label = order.status === 'cancelled' ? 'Cancelled' : statusLabel(order.status);
    return [
      { key: 'placed', label: 'Order placed', date: placed, state: 'done' },
      { key: order.status, label, date: formatDate(order.updatedAt, ''), state: 'current' },
    ];
  }
  const steps = [
    { key: 'placed', label: 'Order placed', date: placed },
    { key: 'processing', label: 'Processing', date: '' },
    {
      key: 'shipped',
      label: order.status === 'partially_shipped' ? 'Partially shipped' : 'Shipped',
      date: formatDate(order.shippedAt, ''),
    },
    {
      key: 'delivered',
      label: 'Delivered',
      date: order.status === 'delivered' ? formatDate(order.updatedAt, '') : '',
    },
  ];
  return steps.map((step, index) => ({
    ...step,
    state: index < at ? 'done' : index === at ? 'current' : 'upcoming',
  }));
}
