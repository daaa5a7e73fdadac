import type { Connection } from 'mongoose';
import { countCustomerClaims } from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { serveCommand, type NatsConnection } from '@onvelope/service-kit/nats';
import { ORDERS_QUEUE_GROUP } from './queue-group.js';
import { countClaimedOrders } from '../use-cases/claim-orders.js';

/** What svc-auth asks about a buyer: how many orders they have claimed, for their profile. */
export function serveCustomerCommands(deps: { db: Connection; nats: NatsConnection; log: Logger }) {
  return serveCommand(
    deps.nats,
    countCustomerClaims,
    ORDERS_QUEUE_GROUP,
    async ({ customerId }) => ({ orderCount: await countClaimedOrders(deps, customerId) }),
    deps.log,
  );
}
