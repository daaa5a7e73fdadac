import type { Connection } from 'mongoose';
import {
  countStoreFrontOrders,
  deleteStoreFrontOrders,
  upsertStoreFrontOrders,
} from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { serveCommand, type NatsConnection } from '@onvelope/service-kit/nats';
import { ORDERS_QUEUE_GROUP } from './queue-group.js';
import {
  countStoredStoreFrontOrders,
  deleteStoredStoreFrontOrders,
  saveStoreFrontOrders,
} from '../use-cases/upsert-store-front-orders.js';

/**
 * The commands svc-sync sends while syncing a store-front: save a page of orders, count them,
 * delete them (clearing store-front data).
 */
export function serveStoreFrontCommands(deps: {
  db: Connection;
  nats: NatsConnection;
  log: Logger;
}) {
  const { db, nats, log } = deps;
  const subscriptions = [
    serveCommand(
      nats,
      upsertStoreFrontOrders,
      ORDERS_QUEUE_GROUP,
      (request) => saveStoreFrontOrders(deps, request),
      log,
    ),
    serveCommand(
      nats,
      countStoreFrontOrders,
      ORDERS_QUEUE_GROUP,
      async ({ accountId, connectionId }) => ({
        count: await countStoredStoreFrontOrders(db, accountId, connectionId),
      }),
      log,
    ),
    serveCommand(
      nats,
      deleteStoreFrontOrders,
      ORDERS_QUEUE_GROUP,
      async ({ accountId, connectionId }) => ({
        deleted: await deleteStoredStoreFrontOrders(deps, accountId, connectionId),
      }),
      log,
    ),
  ];
  return {
    stop() {
      for (const subscription of subscriptions) subscription.unsubscribe();
    },
  };
}
