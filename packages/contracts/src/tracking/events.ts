import { z } from 'zod';
import { defineEvent, defineStream } from '../messaging.js';
import { deliveryRecord } from './schemas.js';

export const trackingStream = defineStream({
  name: 'TRACKING',
  subjects: ['tracking.shipments.>'],
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
