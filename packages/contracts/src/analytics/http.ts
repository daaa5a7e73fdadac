import { routeOwnedBy } from '../route.js';

const route = routeOwnedBy('svc-analytics');

export const analyticsRoutes = [
  route('GET', '/api/analytics/countries', 'merchant', 'spec-001', 'Orders by customer country'),
  route('GET', '/api/analytics/popular-items', 'merchant', 'spec-001', 'Most popular items'),
  route('GET', '/api/analytics/revenue-trends', 'merchant', 'spec-001', 'Revenue by period'),
  route('GET', '/api/analytics/customer-behavior', 'merchant', 'spec-001', 'Customer segments'),
  route(
    'GET',
    '/api/analytics/shipping-performance',
    'merchant',
    'spec-001',
    'Delivery and couriers',
  ),
  route('GET', '/api/analytics/peak-times', 'merchant', 'spec-001', 'Orders by hour and weekday'),
];
