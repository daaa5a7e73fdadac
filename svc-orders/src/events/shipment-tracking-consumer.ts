import type { Connection } from 'mongoose';
import { shipmentTrackingUpdated } from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { consumeEventBatches, type NatsConnection } from '@onvelope/service-kit/nats';
import { applyCarrierUpdates } from '../use-cases/apply-carrier-update.js';

/**
 * Applies the tracking provider's reports to the orders, shared by every instance: the reports
 * already delivered are applied together (a few round trips a batch, not a few a report), and a
 * report whose write failed is retried alone.
 */
export function consumeShipmentTracking(deps: {
  db: Connection;
  nats: NatsConnection;
  log: Logger;
}) {
  return consumeEventBatches(
    deps.nats,
    shipmentTrackingUpdated,
    'svc-orders-shipment-tracking',
    async (batch) => {
      const results = await applyCarrierUpdates(
        deps.db,
        batch.map(({ payload }) => payload),
      );
      const failures = new Map<(typeof batch)[number], unknown>();
      results.forEach((result, index) => {
        const { payload } = batch[index]!;
        if (result instanceof Error) failures.set(batch[index]!, result);
        else
          deps.log.debug(
            { accountId: payload.accountId, entryId: payload.entryId, outcome: result },
            'carrier update',
          );
      });
      return failures;
    },
    deps.log,
  );
}
