import { z } from 'zod';
import { defineEvent, defineStream } from '../messaging.js';
import { deliveryRecord } from './schemas.js';

/**
 * Kept a fortnight, as `NOTIFY`: nothing replays this stream (svc-orders' one durable consumer
 * applies a report within seconds; svc-analytics' rebuild reads `ORDERS`), so the age only has to
 * outlast an outage of svc-orders. A report that expired unread is not lost for good: a carrier's
 * next report carries the whole delivery record, and the seller's refresh asks the provider again.
 */
export const trackingStream = defineStream({
  name: 'TRACKING',
  subjects: ['tracking.shipments.>'],
  maxAgeSeconds: 14 * 24 * 3_600,
});

/**
 * The tracking provider reported on an order's shipment (a webhook Event, or a reconcile poll);
 * svc-orders applies it to the order. At least once, in any order: `delivery.carrierUpdatedAt`
 * says which report is newer.
 */
export const shipmentTrackingUpdated = defineEvent({
  subject: 'tracking.shipments.updated',
  stream: trackingStream,
  payload: z.object({
    accountId: z.string().min(1),
    entryId: z.string().min(1),
    trackingNumber: z.string().min(1),
    delivery: deliveryRecord,
  }),
});
