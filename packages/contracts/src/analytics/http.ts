import { routeOwnedBy } from '../route.js';
import {
  countriesResponse,
  customerBehaviorResponse,
  deliveryTimesResponse,
  peakTimesResponse,
  popularItemsQuery,
  popularItemsResponse,
  moneyRangeQuery,
  rangeQuery,
  revenueTrendsQuery,
  revenueTrendsResponse,
  shippingPerformanceResponse,
} from './schemas.js';

const route = routeOwnedBy('svc-analytics');

export const countriesAnalytics = route(
  'GET',
  '/api/analytics/countries',
  'merchant',
  'spec-001',
  'Orders by customer country',
  { schemas: { query: moneyRangeQuery, response: countriesResponse } },
);

export const popularItemsAnalytics = route(
  'GET',
  '/api/analytics/popular-items',
  'merchant',
  'spec-001',
  'Most popular items',
  { schemas: { query: popularItemsQuery, response: popularItemsResponse } },
);

export const revenueTrendsAnalytics = route(
  'GET',
  '/api/analytics/revenue-trends',
  'merchant',
  'spec-001',
  'Revenue by period',
  { schemas: { query: revenueTrendsQuery, response: revenueTrendsResponse } },
);

export const customerBehaviorAnalytics = route(
  'GET',
  '/api/analytics/customer-behavior',
  'merchant',
  'spec-001',
  'Customer segments',
  { schemas: { query: moneyRangeQuery, response: customerBehaviorResponse } },
);

export const shippingPerformanceAnalytics = route(
  'GET',
  '/api/analytics/shipping-performance',
  'merchant',
  'spec-001',
  'Delivery and couriers',
  { schemas: { query: moneyRangeQuery, response: shippingPerformanceResponse } },
);

export const peakTimesAnalytics = route(
  'GET',
  '/api/analytics/peak-times',
  'merchant',
  'spec-001',
  'Orders by hour and weekday',
  { schemas: { query: moneyRangeQuery, response: peakTimesResponse } },
);

/**
 * Beyond the spec (issue 33, live tracking): median and 90th-percentile days from shipped to
 * delivered and the on-time share against the carrier's estimate, over the deliveries of the
 * range, by carrier and by destination country.
 */
export const deliveryTimesAnalytics = route(
  'GET',
  '/api/analytics/delivery-times',
  'merchant',
  'implied',
  'Delivery times by carrier and country',
  { schemas: { query: rangeQuery, response: deliveryTimesResponse } },
);

/** Every svc-analytics call, each also exported by name. */
export const analyticsRoutes = [
  countriesAnalytics,
  popularItemsAnalytics,
  revenueTrendsAnalytics,
  customerBehaviorAnalytics,
  shippingPerformanceAnalytics,
  peakTimesAnalytics,
  deliveryTimesAnalytics,
];
