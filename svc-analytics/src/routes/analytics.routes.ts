import {
  countriesAnalytics,
  customerBehaviorAnalytics,
  deliveryTimesAnalytics,
  peakTimesAnalytics,
  popularItemsAnalytics,
  revenueTrendsAnalytics,
  shippingPerformanceAnalytics,
} from '@onvelope/contracts';
import { callerOf } from '@onvelope/service-kit/auth';
import { type ServiceRoutes } from '@onvelope/service-kit/http';
import type { AnalyticsReader } from '../use-cases/read-analytics.js';

/** Spec 001 §7 "Analytics": every figure is the calling seller's own. */
export function registerAnalyticsRoutes(routes: ServiceRoutes, read: AnalyticsReader) {
  routes.handle(countriesAnalytics, (ctx, { query }) =>
    read.countries(callerOf(ctx).accountId, query),
  );
  routes.handle(popularItemsAnalytics, (ctx, { query }) =>
    read.popularItems(callerOf(ctx).accountId, query),
  );
  routes.handle(revenueTrendsAnalytics, (ctx, { query }) =>
    read.revenueTrends(callerOf(ctx).accountId, query),
  );
  routes.handle(customerBehaviorAnalytics, (ctx, { query }) =>
    read.customerBehavior(callerOf(ctx).accountId, query),
  );
  routes.handle(shippingPerformanceAnalytics, (ctx, { query }) =>
    read.shippingPerformance(callerOf(ctx).accountId, query),
  );
  routes.handle(peakTimesAnalytics, (ctx, { query }) =>
    read.peakTimes(callerOf(ctx).accountId, query),
  );
  routes.handle(deliveryTimesAnalytics, (ctx, { query }) =>
    read.deliveryTimes(callerOf(ctx).accountId, query.days),
  );
}
