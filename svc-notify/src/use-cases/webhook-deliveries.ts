import { randomUUID } from 'node:crypto';
import type { WebhookDeliveryView } from '@onvelope/contracts';
import { notFound } from '@onvelope/service-kit/errors';
import { forAccount } from '@onvelope/service-kit/mongo';
import { isValidObjectId } from 'mongoose';
import type {
  WebhookDeliveryDocument,
  WebhookDeliveryModel,
} from '../data/webhook-delivery.model.js';
import type { WebhookEndpointModel } from '../data/webhook-endpoint.model.js';
import { testEventOf } from '../domain/webhook-events.js';
import { newDelivery } from './fan-out-webhooks.js';
import { ownEndpoint } from './webhook-endpoints.js';

export interface WebhookDeliveryDeps {
  endpoints: WebhookEndpointModel;
  deliveries: WebhookDeliveryModel;
  now: () => Date;
  queued: () => void;
}

/** The deliveries an endpoint's log lists. */
const LOG_LENGTH = 100;

export function deliveryViewOf(delivery: WebhookDeliveryDocument): WebhookDeliveryView {
  return {
    id: delivery._id.toString(),
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    state: delivery.state,
    reason: delivery.reason,
    attempts: delivery.attempts,
    // While a sender holds it, the lease's end is not a time the seller needs.
    nextAttemptAt:
      delivery.state === 'pending' && delivery.nextAttemptAt
        ? delivery.nextAttemptAt.toISOString()
        : null,
    createdAt: delivery.createdAt.toISOString(),
    attemptLog: delivery.attemptLog.map((attempt) => ({
      at: attempt.at.toISOString(),
      statusCode: attempt.statusCode,
      latencyMs: attempt.latencyMs,
      bodyExcerpt: attempt.bodyExcerpt,
      error: attempt.error,
    })),
  };
}

/** An endpoint's log, newest first. */
export async function listDeliveries(
  deps: WebhookDeliveryDeps,
  accountId: string,
  endpointId: string,
  state: WebhookDeliveryDocument['state'] | undefined,
) {
  await ownEndpoint(deps, accountId, endpointId);
  const found = await forAccount(deps.deliveries, accountId)
    .find({ endpointId, ...(state ? { state } : {}) })
    .sort({ createdAt: -1, _id: -1 })
    .limit(LOG_LENGTH)
    .lean<WebhookDeliveryDocument[]>();
  return found.map(deliveryViewOf);
}

/** "Send test event": a `webhook.test` delivery to this endpoint, due now. */
export async function sendTestEvent(
  deps: WebhookDeliveryDeps,
  accountId: string,
  endpointId: string,
) {
  const endpoint = await ownEndpoint(deps, accountId, endpointId);
  const now = deps.now();
  const event = testEventOf(`msg_test_${randomUUID().replaceAll('-', '')}`, now);
  const created = await deps.deliveries.create(
    newDelivery(accountId, endpoint._id.toString(), event, now),
  );
  deps.queued();
  return deliveryViewOf(created.toObject());
}

/**
 * Sends a delivery again: the same event and `webhook-id` (Standard Webhooks: a receiver
 * dedupes by it), due now, with a fresh day of retries. One that is waiting for its next try is
 * made due now; one a sender holds is left to it.
 */
export async function replayDelivery(
  deps: WebhookDeliveryDeps,
  accountId: string,
  endpointId: string,
  deliveryId: string,
) {
  await ownEndpoint(deps, accountId, endpointId);
  const mine = forAccount(deps.deliveries, accountId);
  const now = deps.now();
  const found = isValidObjectId(deliveryId)
    ? await mine.findOne({ _id: deliveryId, endpointId }).lean<WebhookDeliveryDocument>()
    : null;
  if (!found) throw notFound('Webhook delivery not found');
  const replayed = await mine
    .findOneAndUpdate(
      { _id: found._id, leaseOwner: null },
      {
        $set: {
          state: 'pending',
          reason: null,
          nextAttemptAt: now,
          firstTriedAt: null,
          updatedAt: now,
        },
      },
    )
    .lean<WebhookDeliveryDocument>();
  deps.queued();
  return deliveryViewOf(replayed ?? found);
}
