import {
  countriesAnalytics,
  customerBehaviorAnalytics,
  peakTimesAnalytics,
  popularItemsAnalytics,
  revenueTrendsAnalytics,
  shippingPerformanceAnalytics,
} from '@onvelope/contracts';
import { callerOf, type ServiceRoutes } from '@onvelope/service-kit';
import type { AnalyticsReader } from '../use-cases/read-analytics.js';

/** Spec 001 §7 "Analytics": every figure is the calling seller's own. */
export function registerAnalyticsRoutes(routes: ServiceRoutes, read: AnalyticsReader) {
  routes.handle(countriesAnalytics, (ctx) => read.countries(callerOf(ctx).accountId));
  routes.handle(popularItemsAnalytics, (ctx, { query }) =>
    read.popularItems(callerOf(ctx).accountId, query.limit),
  );
  routes.handle(revenueTrendsAnalytics, (ctx, { query }) =>
    read.revenueTrends(callerOf(ctx).accountId, query.days),
  );
  routes.handle(customerBehaviorAnalytics, (ctx) => read.customerBehavior(callerOf(ctx).accountId));
  routes.handle(shippingPerformanceAnalytics, (ctx) =>
    read.shippingPerformance(callerOf(ctx).accountId),
  );
  routes.handle(peakTimesAnalytics, (ctx, { query }) =>
    read.peakTimes(callerOf(ctx).accountId, query.days),
  );
}
