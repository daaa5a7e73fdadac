import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';
import {
  webhookDisabledReasons,
  webhookEndpointStates,
  webhookEventTypes,
  type WebhookEventType,
} from '@onvelope/contracts';

/**
 * A seller's webhook endpoint (issue 35): where their events go, which ones, and the secret that
 * signs them. The secret is kept encrypted (`use-cases/webhook-secrets.ts`) and opened when the
 * seller asks for it or a delivery is signed; a rolled one keeps signing beside the new one until
 * `previousSecretUntil`.
 */
export interface WebhookEndpointDocument {
  _id: Types.ObjectId;
  accountId: string;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  state: (typeof webhookEndpointStates)[number];
  disabledReason: (typeof webhookDisabledReasons)[number] | null;
  disabledAt: Date | null;
  /** `whsec_…` (Standard Webhooks' form of a secret), encrypted with the key `secretsKeyId`. */
  secret: string;
  previousSecret: string | null;
  /** The key both secrets are encrypted with; null: stored in clear before encryption began. */
  secretsKeyId: string | null;
  previousSecretUntil: Date | null;
  /** The first failure since the last success; the endpoint is disabled when it is days old. */
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const webhookEndpointSchema = new Schema<WebhookEndpointDocument>(
  {
    accountId: { type: String, required: true },
    url: { type: String, required: true },
    description: { type: String, default: null },
    events: { type: [{ type: String, enum: webhookEventTypes }], required: true },
    state: { type: String, enum: webhookEndpointStates, required: true },
    disabledReason: { type: String, enum: [...webhookDisabledReasons, null], default: null },
    disabledAt: { type: Date, default: null },
    secret: { type: String, required: true },
    previousSecret: { type: String, default: null },
    secretsKeyId: { type: String, default: null },
    previousSecretUntil: { type: Date, default: null },
    failingSince: { type: Date, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'webhook_endpoints' },
);
// The settings' list and the fan-out of an account's events (its enabled endpoints).
webhookEndpointSchema.index({ accountId: 1, state: 1, createdAt: 1 });
// At start, the secrets not yet encrypted with the current key.
webhookEndpointSchema.index({ secretsKeyId: 1 });

export type WebhookEndpointModel = Model<WebhookEndpointDocument>;

export const webhookEndpointModel = (db: Connection): WebhookEndpointModel =>
  registeredModel(db, 'WebhookEndpoint', webhookEndpointSchema);
