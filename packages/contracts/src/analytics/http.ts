import { routeOwnedBy } from '../route.js';

const route = routeOwnedBy('svc-analytics');

export const countriesAnalytics = route(
  'GET',
  '/api/analytics/countries',
  'merchant',
  'spec-001',
  'Orders by customer country',
);

export const popularItemsAnalytics = route(
  'GET',
  '/api/analytics/popular-items',
  'merchant',
  'spec-001',
  'Most popular items',
);

export const revenueTrendsAnalytics = route(
  'GET',
  '/api/analytics/revenue-trends',
  'merchant',
  'spec-001',
  'Revenue by period',
);

export const customerBehaviorAnalytics = route(
  'GET',
  '/api/analytics/customer-behavior',
  'merchant',
  'spec-001',
  'Customer segments',
);

export const shippingPerformanceAnalytics = route(
  'GET',
  '/api/analytics/shipping-performance',
  'merchant',
  'spec-001',
  'Delivery and couriers',
);

export const peakTimesAnalytics = route(
  'GET',
  '/api/analytics/peak-times',
  'merchant',
  'spec-001',
  'Orders by hour and weekday',
);

/** Every svc-analytics call, each also exported by name. */
export const analyticsRoutes = [
  countriesAnalytics,
  popularItemsAnalytics,
  revenueTrendsAnalytics,
  customerBehaviorAnalytics,
  shippingPerformanceAnalytics,
  peakTimesAnalytics,
];
