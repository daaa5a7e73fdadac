import { forAccount, onlyDuplicateKeys } from '@onvelope/service-kit/mongo';
import type {
  WebhookDeliveryDocument,
  WebhookDeliveryModel,
} from '../data/webhook-delivery.model.js';
import type { WebhookEndpointModel } from '../data/webhook-endpoint.model.js';
import { isPicked, type WebhookEvent } from '../domain/webhook-events.js';

export interface FanOutDeps {
  endpoints: WebhookEndpointModel;
  deliveries: WebhookDeliveryModel;
  now: () => Date;
  /** Wakes the webhook sender when something was queued. */
  queued: () => void;
}

/** A new delivery of `event` to one endpoint, due now. */
export function newDelivery(
  accountId: string,
  endpointId: string,
  event: WebhookEvent,
  now: Date,
): Omit<WebhookDeliveryDocument, '_id'> {
  return {
    accountId,
    endpointId,
    eventId: event.eventId,
    eventType: event.type,
    body: event.body,
    state: 'pending',
    reason: null,
    attempts: 0,
    nextAttemptAt: now,
    leaseOwner: null,
    firstTriedAt: null,
    attemptLog: [],
    createdAt: now,
    updatedAt: now,
  };
}

/** Whether the endpoint existed when the event's fact happened: it hears what happens while it exists. */
const isNewsTo = (endpoint: { createdAt: Date }, event: WebhookEvent) =>
  event.happenedAt === null || event.happenedAt >= endpoint.createdAt;

/**
 * An account's events become deliveries, one per enabled endpoint that picked the event's type,
 * in one unordered insert. Safe to run again on a redelivery of the NATS message: the
 * deliveries' unique (endpointId, eventId) key refuses the ones made the first time and the
 * others are still inserted. An account with no endpoint costs one indexed read.
 */
export async function fanOutWebhooks(
  deps: FanOutDeps,
  accountId: string,
  events: readonly WebhookEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const endpoints = await forAccount(deps.endpoints, accountId)
    .find({ state: 'enabled' })
    .select({ events: 1, createdAt: 1 })
    .lean<{ _id: { toString(): string }; events: string[]; createdAt: Date }[]>();
  if (endpoints.length === 0) return;
  const now = deps.now();
  const documents = endpoints.flatMap((endpoint) =>
    events
      .filter((event) => isPicked(endpoint.events, event.type) && isNewsTo(endpoint, event))
      .map((event) => newDelivery(accountId, endpoint._id.toString(), event, now)),
  );
  if (documents.length === 0) return;
  try {
    await deps.deliveries.insertMany(documents, { ordered: false });
  } catch (error) {
    // Made before (a redelivery): the rest of the batch went in.
    if (!onlyDuplicateKeys(error)) throw error;
  }
  deps.queued();
}
