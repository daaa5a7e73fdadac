import { randomBytes } from 'node:crypto';
import type {
  BodyOf,
  createWebhookEndpoint,
  updateWebhookEndpoint,
  WebhookEndpointView,
} from '@onvelope/contracts';
import { badRequest, notFound } from '@onvelope/service-kit/errors';
import { forAccount } from '@onvelope/service-kit/mongo';
import { isValidObjectId, Types } from 'mongoose';
import type { WebhookDeliveryModel } from '../data/webhook-delivery.model.js';
import type {
  WebhookEndpointDocument,
  WebhookEndpointModel,
} from '../data/webhook-endpoint.model.js';
import type { SecretKeyring } from '../domain/webhook-secret-cipher.js';
import type { WebhookClient } from './post-webhook.js';
import { openedSecretsOf, storedSecretsOf } from './webhook-secrets.js';

export interface WebhookEndpointDeps {
  endpoints: WebhookEndpointModel;
  deliveries: WebhookDeliveryModel;
  /** Checks a URL against the address rules as it resolves now. */
  client: Pick<WebhookClient, 'check'>;
  now: () => Date;
  /** Encrypts the endpoints' secrets at rest. */
  secrets: SecretKeyring;
  /** How long a rolled secret keeps signing beside the new one. */
  previousSecretValidMs: number;
  /** Endpoints one seller may have. */
  maxEndpoints: number;
}

/** A fresh signing secret: 32 random bytes, `whsec_` + base64, as Standard Webhooks writes one. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function endpointViewOf(endpoint: WebhookEndpointDocument): WebhookEndpointView {
  return {
    id: endpoint._id.toString(),
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    state: endpoint.state,
    disabledReason: endpoint.disabledReason,
    disabledAt: iso(endpoint.disabledAt),
    failingSince: iso(endpoint.failingSince),
    createdAt: endpoint.createdAt.toISOString(),
  };
}

/**
 * The caller's endpoint, or 404: another seller's endpoint is answered as one that does not exist,
 * so its existence is not told either.
 */
export async function ownEndpoint(
  deps: Pick<WebhookEndpointDeps, 'endpoints'>,
  accountId: string,
  endpointId: string,
): Promise<WebhookEndpointDocument> {
  const found = isValidObjectId(endpointId)
    ? await forAccount(deps.endpoints, accountId)
        .findById(endpointId)
        .lean<WebhookEndpointDocument>()
    : null;
  if (!found) throw notFound('Webhook endpoint not found');
  return found;
}

/** Refuses a URL the address rules refuse now, as a field error like the contract's own. */
async function checkedUrl(deps: WebhookEndpointDeps, url: string): Promise<string> {
  const problem = await deps.client.check(url);
  if (problem) throw badRequest('Validation failed', [{ path: 'body.url', message: problem }]);
  return url;
}

export async function listEndpoints(deps: WebhookEndpointDeps, accountId: string) {
  const found = await forAccount(deps.endpoints, accountId)
    .find()
    .sort({ createdAt: 1, _id: 1 })
    .lean<WebhookEndpointDocument[]>();
  return found.map(endpointViewOf);
}

/** A seller adds an endpoint: checked, enabled at once, with its own secret. */
export async function createEndpoint(
  deps: WebhookEndpointDeps,
  accountId: string,
  body: BodyOf<typeof createWebhookEndpoint>,
) {
  const mine = forAccount(deps.endpoints, accountId);
  if ((await mine.countDocuments()) >= deps.maxEndpoints) {
    throw badRequest(`At most ${deps.maxEndpoints} webhook endpoints`);
  }
  const url = await checkedUrl(deps, body.url);
  const now = deps.now();
  const secret = newWebhookSecret();
  const _id = new Types.ObjectId();
  const created = await mine.create({
    _id,
    url,
    description: body.description ?? null,
    events: body.events,
    state: 'enabled',
    disabledReason: null,
    disabledAt: null,
    ...storedSecretsOf(deps.secrets, _id.toString(), secret, null),
    previousSecretUntil: null,
    failingSince: null,
    createdAt: now,
    updatedAt: now,
  });
  return { endpoint: endpointViewOf(created.toObject()), secret };
}

/** Changes what was sent; `enabled` turns it on (a fresh start: not failing) or off. */
export async function updateEndpoint(
  deps: WebhookEndpointDeps,
  accountId: string,
  endpointId: string,
  body: BodyOf<typeof updateWebhookEndpoint>,
) {
  await ownEndpoint(deps, accountId, endpointId);
  const now = deps.now();
  const set: Partial<WebhookEndpointDocument> = { updatedAt: now };
  if (body.url !== undefined) set.url = await checkedUrl(deps, body.url);
  if (body.description !== undefined) set.description = body.description;
  if (body.events !== undefined) set.events = body.events;
  if (body.enabled === true) {
    Object.assign(set, {
      state: 'enabled',
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
    });
  } else if (body.enabled === false) {
    Object.assign(set, { state: 'disabled', disabledReason: 'by_seller', disabledAt: now });
  }
  const updated = await forAccount(deps.endpoints, accountId)
    .findOneAndUpdate({ _id: endpointId }, { $set: set })
    .lean<WebhookEndpointDocument>();
  if (!updated) throw notFound('Webhook endpoint not found');
  return endpointViewOf(updated);
}

/** Deletes the endpoint and its delivery log; deliveries not yet made are dropped with it. */
export async function deleteEndpoint(
  deps: WebhookEndpointDeps,
  accountId: string,
  endpointId: string,
) {
  const endpoint = await ownEndpoint(deps, accountId, endpointId);
  await forAccount(deps.endpoints, accountId).deleteOne({ _id: endpoint._id });
  await forAccount(deps.deliveries, accountId).deleteMany({ endpointId });
  return endpointViewOf(endpoint);
}

export async function secretOf(deps: WebhookEndpointDeps, accountId: string, endpointId: string) {
  const endpoint = await ownEndpoint(deps, accountId, endpointId);
  const now = deps.now();
  const previousValid = endpoint.previousSecretUntil && endpoint.previousSecretUntil > now;
  return {
    secret: openedSecretsOf(deps.secrets, endpoint).secret,
    previousSecretValidUntil: previousValid ? iso(endpoint.previousSecretUntil) : null,
  };
}

/** A new secret signs from now on; the old one signs beside it for `previousSecretValidMs`. */
export async function rollSecret(deps: WebhookEndpointDeps, accountId: string, endpointId: string) {
  const endpoint = await ownEndpoint(deps, accountId, endpointId);
  const now = deps.now();
  const secret = newWebhookSecret();
  const previousSecretUntil = new Date(now.getTime() + deps.previousSecretValidMs);
  const stored = storedSecretsOf(
    deps.secrets,
    endpoint._id.toString(),
    secret,
    openedSecretsOf(deps.secrets, endpoint).secret,
  );
  await forAccount(deps.endpoints, accountId).updateOne(
    { _id: endpoint._id },
    { $set: { ...stored, previousSecretUntil, updatedAt: now } },
  );
  return { secret, previousSecretValidUntil: previousSecretUntil.toISOString() };
}
