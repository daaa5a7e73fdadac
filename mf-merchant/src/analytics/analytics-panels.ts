import type {
  CustomerBehaviorResponse,
  CustomerSegment,
  PeakTimesResponse,
  ShippingPerformanceResponse,
} from '@onvelope/contracts';

/**
 * The panels of the analytics screen, by the name their test ids use: the six of spec 001 §2 and,
 * beyond the spec, the carriers' delivery times (issue 33).
 */
export type AnalyticsPanelId =
  | 'countries'
  | 'popular-items'
  | 'revenue-trends'
  | 'customer-behavior'
  | 'shipping-performance'
  | 'peak-times'
  | 'delivery-times';

/** Spec 001 §2: what each panel says when it has nothing to show. */
export const emptyPanelTexts: Record<AnalyticsPanelId, string> = {
  countries: 'No country data available yet. Orders need shipping country information.',
  'popular-items': 'No product data available yet.',
  'revenue-trends': 'No revenue data available for the selected time period.',
  'customer-behavior': 'No customer behavior data available yet.',
  'shipping-performance': 'No shipping performance data available yet.',
  'peak-times': 'No peak times data available yet.',
  // Not in the spec: says where the figures come from, since orders marked delivered are not timed.
  'delivery-times':
    'No carrier deliveries in this period yet. Delivery times come from the tracking of shipped orders.',
};

/** Spec 001 §8: any failure but a 401. */
export const analyticsFailureText = 'Failed to load analytics data. Please try again.';

export const segmentLabels: Record<CustomerSegment, string> = {
  new: 'New',
  returning: 'Returning',
  loyal: 'Loyal',
};

// The service always sends the three segments and all 24 hours and 7 days, zero or not: a panel is
// empty when every figure in it is zero, not when its lists are.

export function hasCustomerBehavior({ data }: Pick<CustomerBehaviorResponse, 'data'>): boolean {
  return (
    data.topCustomers.length > 0 ||
    data.customerSegments.some((segment) => segment.customerCount > 0)
  );
}

export function hasShippingPerformance({
  data,
}: Pick<ShippingPerformanceResponse, 'data'>): boolean {
  return (
    data.courierPerformance.length > 0 || data.deliverySuccess.some((row) => row.orderCount > 0)
  );
}

export function hasPeakTimes({ data }: PeakTimesResponse): boolean {
  return (
    data.hourlyPattern.some((hour) => hour.orderCount > 0) ||
    data.weeklyPattern.some((day) => day.orderCount > 0)
  );
}
