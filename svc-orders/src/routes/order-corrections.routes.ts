import type { Connection } from 'mongoose';
import {
  correctTracking,
  deleteTrackingEntry,
  getTrackingEntryHistory,
  markUnshipped,
  updateTrackingEntry,
} from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { type NatsConnection } from '@onvelope/service-kit/nats';
import { callerOf } from '@onvelope/service-kit/auth';
import { type ServiceRoutes } from '@onvelope/service-kit/http';
import type { Estimator } from '../use-cases/delivery-estimates.js';
import { deleteOrder } from '../use-cases/delete-order.js';
import { editOrder } from '../use-cases/edit-order.js';
import { correctOrderTracking } from '../use-cases/mark-shipped.js';
import { markOrderUnshipped } from '../use-cases/mark-unshipped.js';
import { readOrderHistory } from '../use-cases/read-order-history.js';

export interface OrderCorrectionRoutesDeps {
  routes: ServiceRoutes;
  db: Connection;
  /** Store-front orders' corrections are carried to the store-front through svc-sync. */
  nats: NatsConnection;
  log: Logger;
  /** Gives the changed order its delivery estimate, as every answer with an order has. */
  estimator: Estimator;
}

/** Correcting one order (issue 38 item 6): edit, correct tracking, unship, delete, history. */
export function registerOrderCorrectionRoutes({
  routes,
  db,
  nats,
  log,
  estimator,
}: OrderCorrectionRoutesDeps) {
  routes.handle(updateTrackingEntry, async (ctx, { params, body }) => {
    const edited = await editOrder(
      { db, nats, log },
      callerOf(ctx).accountId,
      params.orderNumber,
      body,
    );
    return { ...edited, entry: await estimator.withEstimate(edited.entry) };
  });
  routes.handle(correctTracking, async (ctx, { params, body }) => {
    const corrected = await correctOrderTracking(
      { db },
      callerOf(ctx).accountId,
      params.orderNumber,
      body,
    );
    return { ...corrected, entry: await estimator.withEstimate(corrected.entry) };
  });
  routes.handle(markUnshipped, async (ctx, { params }) => {
    const unshipped = await markOrderUnshipped(
      { db, nats, log },
      callerOf(ctx).accountId,
      params.orderNumber,
    );
    return { ...unshipped, entry: await estimator.withEstimate(unshipped.entry) };
  });
  routes.handle(deleteTrackingEntry, (ctx, { params }) =>
    deleteOrder(db, callerOf(ctx).accountId, params.orderNumber),
  );
  routes.handle(getTrackingEntryHistory, (ctx, { params }) =>
    readOrderHistory(db, callerOf(ctx).accountId, params.orderNumber),
  );
}
