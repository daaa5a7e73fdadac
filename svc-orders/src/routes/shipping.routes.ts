import type { Connection } from 'mongoose';
import { markShipped } from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { type NatsConnection } from '@onvelope/service-kit/nats';
import { callerOf } from '@onvelope/service-kit/auth';
import { type ServiceRoutes } from '@onvelope/service-kit/http';
import type { Estimator } from '../use-cases/delivery-estimates.js';
import { markOrderShipped } from '../use-cases/mark-shipped.js';

export interface ShippingRoutesDeps {
  routes: ServiceRoutes;
  db: Connection;
  nats: NatsConnection;
  log: Logger;
  /** How long to wait for svc-sync to update the store-front. */
  storeFrontTimeoutMs?: number;
  /** Gives the shipped order its delivery estimate. */
  estimator: Estimator;
}

/** Mark as shipped (spec 000 §2 dialog, §5 validation). */
export function registerShippingRoutes({
  routes,
  db,
  nats,
  log,
  storeFrontTimeoutMs,
  estimator,
}: ShippingRoutesDeps) {
  routes.handle(markShipped, async (ctx, { params, body }) => {
    const shipped = await markOrderShipped(
      { db, nats, log: (ctx.state.log as Logger | undefined) ?? log, storeFrontTimeoutMs },
      callerOf(ctx).accountId,
      params.orderNumber,
      body,
    );
    return { ...shipped, entry: await estimator.withEstimate(shipped.entry) };
  });
}
