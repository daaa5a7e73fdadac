import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';
import {
  webhookDeliveryReasons,
  webhookDeliveryStates,
  type webhookEventData,
} from '@onvelope/contracts';

/** One try of a delivery, as the delivery log shows it. */
export interface WebhookAttemptRecord {
  at: Date;
  statusCode: number | null;
  latencyMs: number;
  bodyExcerpt: string | null;
  error: string | null;
}

/**
 * One event to one endpoint: a durable job (issue 35). `pending` deliveries are claimed by
 * moving `nextAttemptAt` past a lease (`leaseOwner` names the sender holding it), so replicas
 * share them and one that dies lets the lease run out for another; then `succeeded`, or `failed`
 * when a day of retries ran out or the endpoint was disabled. The unique (endpointId, eventId) key
 * makes one delivery per event and endpoint however often NATS redelivers the event; a replay puts
 * the same delivery back to `pending` (the same `webhook-id`, as Standard Webhooks asks).
 */
export interface WebhookDeliveryDocument {
  _id: Types.ObjectId;
  accountId: string;
  endpointId: string;
  eventId: string;
  eventType: keyof typeof webhookEventData;
  /** The exact JSON body every try sends (the signature covers it). */
  body: string;
  state: (typeof webhookDeliveryStates)[number];
  reason: (typeof webhookDeliveryReasons)[number] | null;
  attempts: number;
  /** When it is due; while claimed, when the claim's lease ends. Null once settled. */
  nextAttemptAt: Date | null;
  leaseOwner: string | null;
  /** The give-up clock runs from here (the first try, or the replay). */
  firstTriedAt: Date | null;
  /** Newest first, the last `ATTEMPTS_KEPT`. */
  attemptLog: WebhookAttemptRecord[];
  createdAt: Date;
  updatedAt: Date;
}

/** The tries a delivery keeps in its log. */
export const ATTEMPTS_KEPT = 10;

const attemptSchema = new Schema<WebhookAttemptRecord>(
  {
    at: { type: Date, required: true },
    statusCode: { type: Number, default: null },
    latencyMs: { type: Number, required: true },
    bodyExcerpt: { type: String, default: null },
    error: { type: String, default: null },
  },
  { _id: false },
);

const webhookDeliverySchema = new Schema<WebhookDeliveryDocument>(
  {
    accountId: { type: String, required: true },
    endpointId: { type: String, required: true },
    eventId: { type: String, required: true },
    eventType: { type: String, required: true },
    body: { type: String, required: true },
    state: { type: String, enum: webhookDeliveryStates, required: true },
    reason: { type: String, enum: [...webhookDeliveryReasons, null], default: null },
    attempts: { type: Number, required: true },
    nextAttemptAt: { type: Date, default: null },
    leaseOwner: { type: String, default: null },
    firstTriedAt: { type: Date, default: null },
    attemptLog: { type: [attemptSchema], default: [] },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'webhook_deliveries' },
);
webhookDeliverySchema.index({ endpointId: 1, eventId: 1 }, { unique: true });
// The senders' claim: the accounts with due deliveries (first: see `use-cases/webhook-queue.ts`).
webhookDeliverySchema.index({ state: 1, nextAttemptAt: 1 });
// A claim's read of what it took, and each settle: by the claim's token.
webhookDeliverySchema.index({ leaseOwner: 1 });
// An endpoint's log, newest first.
webhookDeliverySchema.index({ accountId: 1, endpointId: 1, createdAt: -1 });
// The senders' claim: one account's earliest due deliveries.
webhookDeliverySchema.index({ accountId: 1, state: 1, nextAttemptAt: 1 });

/** The states a delivery ends in (a replay puts one back to `pending`). */
export const settledWebhookDeliveryStates = [
  'succeeded',
  'failed',
] as const satisfies readonly (typeof webhookDeliveryStates)[number][];

/**
 * How long a settled delivery is kept after it settled: the delivery log shows the last 100 of an
 * endpoint and a seller replays a failure within days; a month of them is the log's history.
 */
export const SETTLED_DELIVERY_KEPT_SECONDS = 30 * 24 * 3_600;

// MongoDB's TTL monitor deletes them; pending deliveries are work and stay.
webhookDeliverySchema.index(
  { updatedAt: 1 },
  {
    expireAfterSeconds: SETTLED_DELIVERY_KEPT_SECONDS,
    partialFilterExpression: { state: { $in: settledWebhookDeliveryStates } },
  },
);

export type WebhookDeliveryModel = Model<WebhookDeliveryDocument>;

export const webhookDeliveryModel = (db: Connection): WebhookDeliveryModel =>
  registeredModel(db, 'WebhookDelivery', webhookDeliverySchema);
