import type { Connection } from 'mongoose';
import { shipmentTrackingUpdated } from '@onvelope/contracts';
import { consumeEvents, type Logger, type NatsConnection } from '@onvelope/service-kit';
import { applyCarrierUpdate } from '../use-cases/apply-carrier-update.js';

/** Applies the tracking provider's reports to the orders, shared by every instance. */
export function consumeShipmentTracking(deps: {
  db: Connection;
  nats: NatsConnection;
  log: Logger;
}) {
  return consumeEvents(
    deps.nats,
    shipmentTrackingUpdated,
    'svc-orders-shipment-tracking',
    async ({ payload }) => {
      const outcome = await applyCarrierUpdate(deps.db, payload);
      deps.log.debug(
        { accountId: payload.accountId, entryId: payload.entryId, outcome },
        'carrier update',
      );
    },
    deps.log,
  );
}
