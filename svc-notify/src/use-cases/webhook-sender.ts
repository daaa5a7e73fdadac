import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import {
  ATTEMPTS_KEPT,
  type WebhookAttemptRecord,
  type WebhookDeliveryDocument,
  type WebhookDeliveryModel,
} from '../data/webhook-delivery.model.js';
import type {
  WebhookEndpointDocument,
  WebhookEndpointModel,
} from '../data/webhook-endpoint.model.js';
import { retryDelayMs } from '../domain/send-outcome.js';
import type { SecretKeyring } from '../domain/webhook-secret-cipher.js';
import { batchedUpdates } from './batched-updates.js';
import { startLeasedWorker, type LeasedQueueTiming, type LeasedWorker } from './leased-worker.js';
import type { PostOutcome, WebhookClient } from './post-webhook.js';
import { recordSellerNotice, type SellerNoticeDeps } from './record-seller-notice.js';
import { heldByClaim } from './token-claims.js';
import { claimDueDeliveries, type AccountTurn } from './webhook-queue.js';
import { openedSecretsOf } from './webhook-secrets.js';

/** `giveUpAfterMs`: about a day (issue 35). */
export interface WebhookSenderDeps extends LeasedQueueTiming {
  deliveries: WebhookDeliveryModel;
  endpoints: WebhookEndpointModel;
  client: WebhookClient;
  /** Where the seller is told of an endpoint disabled for failing. */
  notices: SellerNoticeDeps;
  /** Opens the endpoints' secrets, encrypted at rest. */
  secrets: SecretKeyring;
  /** How long an endpoint may fail every delivery before it is disabled (days). */
  /** `startLeasedWorker`'s `claimSpacing` (`WEBHOOK_CLAIM_SPACING`). */
  claimSpacing?: number;
  disableAfterMs: number;
  /** The longest a try takes (the client's timeout): a try starts only if its lease outlives it. */
  timeoutMs: number;
  counted?: (outcome: 'succeeded' | 'retried' | 'failed') => void;
}

const USER_AGENT = 'ONVELOPE-Webhooks/1';

/** How long a settled try waits for others to be written with it: short beside any lease. */
const SETTLE_WAIT_MS = 10;

/**
 * What a lease must have left beyond the longest try (`timeoutMs`) for the try to start: the settle's
 * wait and write, on a server that may be slow. The configuration keeps leases at least this longer
 * than the timeout.
 */
export const LEASE_MARGIN_MS = 5_000;

/**
 * A claimed delivery and its endpoint as read with the batch (null: deleted). Deliveries of one
 * endpoint in a batch share the object, so what one learns (`failingSince`) the next sees.
 */
interface Job {
  delivery: WebhookDeliveryDocument;
  endpoint: WebhookEndpointDocument | null;
}

/**
 * The `webhook-signature` header: `v1,<base64>` with the endpoint's secret, and a second one with
 * the previous secret for a day after a roll (the specification's space-separated list), so a
 * receiver that has not switched yet still verifies.
 */
export function signatureOf(
  endpoint: Pick<WebhookEndpointDocument, 'secret' | 'previousSecret' | 'previousSecretUntil'>,
  eventId: string,
  at: Date,
  body: string,
): string {
  const secrets = [endpoint.secret];
  if (
    endpoint.previousSecret &&
    endpoint.previousSecretUntil &&
    endpoint.previousSecretUntil > at
  ) {
    secrets.push(endpoint.previousSecret);
  }
  return secrets.map((secret) => new Webhook(secret).sign(eventId, at, body)).join(' ');
}

const isSuccess = (outcome: PostOutcome) =>
  outcome.kind === 'answered' && outcome.statusCode >= 200 && outcome.statusCode < 300;

function attemptOf(outcome: PostOutcome, at: Date): WebhookAttemptRecord {
  if (outcome.kind !== 'answered') {
    return {
      at,
      statusCode: null,
      latencyMs: outcome.latencyMs,
      bodyExcerpt: null,
      error: outcome.error,
    };
  }
  return {
    at,
    statusCode: outcome.statusCode,
    latencyMs: outcome.latencyMs,
    bodyExcerpt: outcome.bodyExcerpt || null,
    error: isSuccess(outcome)
      ? null
      : outcome.statusCode >= 300 && outcome.statusCode < 400
        ? `Answered ${outcome.statusCode}: redirects are not followed`
        : `Answered ${outcome.statusCode}`,
  };
}

/**
 * Issue 35's delivery loop over the `webhook_deliveries` queue (`startLeasedWorker`): each due
 * delivery is claimed under a lease, signed as Standard Webhooks says and posted; a 2xx succeeds
 * it, anything else (another status, a refused address, a timeout) retries it with exponential
 * back-off until `giveUpAfterMs` from its first try. An endpoint that has failed every delivery
 * for `disableAfterMs` is disabled, and the seller is told by e-mail (`webhook_endpoint_disabled`).
 */
export function startWebhookSender(deps: WebhookSenderDeps): LeasedWorker {
  const owner = randomUUID();
  const { deliveries, endpoints, log } = deps;

  const turn: AccountTurn = {};

  /** Claims due deliveries fairly between sellers, and reads their endpoints once for the batch. */
  const claim = async (limit: number): Promise<Job[]> => {
    const taken = await claimDueDeliveries(deps, `${owner}:${randomUUID()}`, limit, turn);
    if (taken.length === 0) return [];
    const endpointsById = new Map(
      (
        await endpoints
          .find({ _id: { $in: [...new Set(taken.map(({ endpointId }) => endpointId))] } })
          .lean<WebhookEndpointDocument[]>()
      ).map((endpoint) => [endpoint._id.toString(), endpoint]),
    );
    return taken.map((delivery) => {
      const endpoint = endpointsById.get(delivery.endpointId);
      return {
        delivery,
        endpoint: endpoint?.accountId === delivery.accountId ? endpoint : null,
      };
    });
  };

  // The tries that end within a few milliseconds of each other are written in one round trip.
  const settleWrite = batchedUpdates(deliveries, {
    maxOps: deps.concurrency,
    maxWaitMs: SETTLE_WAIT_MS,
  });

  /** Ends this try; only while this claim still holds the delivery (a replay may have reset it). */
  const settle = (delivery: WebhookDeliveryDocument, set: Partial<WebhookDeliveryDocument>) =>
    settleWrite(heldByClaim(delivery), {
      $set: { ...set, leaseOwner: null, updatedAt: deps.now() },
    });

  /**
   * The endpoint failed again: note since when, and disable it once that is days ago. What the
   * batch knows spares the reads: failing since a moment that is not days ago yet cannot disable.
   */
  async function endpointFailed(endpoint: WebhookEndpointDocument, now: Date, error: string) {
    if (!endpoint.failingSince) {
      const noted = await endpoints.updateOne(
        { _id: endpoint._id, failingSince: null },
        { $set: { failingSince: now } },
      );
      if (noted.modifiedCount > 0) endpoint.failingSince = now;
    }
    const threshold = new Date(now.getTime() - deps.disableAfterMs);
    if (endpoint.failingSince && endpoint.failingSince > threshold) return;
    const disabled = await endpoints
      .findOneAndUpdate(
        {
          _id: endpoint._id,
          state: 'enabled',
          failingSince: { $lte: threshold },
        },
        { $set: { state: 'disabled', disabledReason: 'failing', disabledAt: now, updatedAt: now } },
        { returnDocument: 'after' },
      )
      .lean<WebhookEndpointDocument>();
    if (!disabled?.failingSince) return;
    endpoint.state = 'disabled';
    log.warn(
      { endpointId: endpoint._id.toString() },
      'webhook endpoint disabled after failing for days',
    );
    await recordSellerNotice(deps.notices, {
      noticeId: `notify:webhook_endpoint_disabled:${endpoint._id.toString()}:${now.toISOString()}`,
      accountId: endpoint.accountId,
      requestedAt: now.toISOString(),
      notice: {
        kind: 'webhook_endpoint_disabled',
        endpointId: endpoint._id.toString(),
        url: endpoint.url.slice(0, 2_000),
        failingSince: disabled.failingSince.toISOString(),
        lastError: error.slice(0, 1_000),
      },
    });
  }

  async function deliver({ delivery, endpoint }: Job) {
    // While claimed, `nextAttemptAt` is when the lease ends: a try that could outlast it might be
    // claimed and sent again by another sender meanwhile, so it is handed back, due now, instead.
    const leaseLeftMs = (delivery.nextAttemptAt?.getTime() ?? 0) - deps.now().getTime();
    if (leaseLeftMs < deps.timeoutMs + LEASE_MARGIN_MS) {
      await settle(delivery, { nextAttemptAt: deps.now() });
      return;
    }
    if (!endpoint || endpoint.state !== 'enabled') {
      await settle(delivery, { state: 'failed', reason: 'endpoint_disabled', nextAttemptAt: null });
      deps.counted?.('failed');
      return;
    }
    const now = deps.now();
    const outcome = await deps.client.post(
      endpoint.url,
      {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'webhook-id': delivery.eventId,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signatureOf(
          { ...endpoint, ...openedSecretsOf(deps.secrets, endpoint) },
          delivery.eventId,
          now,
          delivery.body,
        ),
      },
      delivery.body,
    );
    const attempt = attemptOf(outcome, now);
    const attempts = delivery.attempts + 1;
    const firstTriedAt = delivery.firstTriedAt ?? now;
    const attemptLog = [attempt, ...delivery.attemptLog].slice(0, ATTEMPTS_KEPT);
    if (isSuccess(outcome)) {
      await settle(delivery, {
        state: 'succeeded',
        reason: null,
        attempts,
        firstTriedAt,
        attemptLog,
        nextAttemptAt: null,
      });
      if (endpoint.failingSince) {
        endpoint.failingSince = null;
        await endpoints.updateOne({ _id: endpoint._id }, { $set: { failingSince: null } });
      }
      deps.counted?.('succeeded');
      return;
    }
    const givingUp = now.getTime() - firstTriedAt.getTime() >= deps.giveUpAfterMs;
    await settle(delivery, {
      state: givingUp ? 'failed' : 'pending',
      reason: givingUp ? 'gave_up' : null,
      attempts,
      firstTriedAt,
      attemptLog,
      nextAttemptAt: givingUp
        ? null
        : new Date(now.getTime() + retryDelayMs(attempts, deps.retryBaseMs, deps.retryMaxMs)),
    });
    deps.counted?.(givingUp ? 'failed' : 'retried');
    await endpointFailed(endpoint, now, attempt.error ?? 'failed');
  }

  return startLeasedWorker({
    name: 'webhook-sender',
    claim,
    work: deliver,
    everyMs: deps.everyMs,
    concurrency: deps.concurrency,
    // Four rounds of tries a claim: on the test server each claim reads the whole backlog. Claimed
    // again as soon as fewer than a round wait, so a seller's event queued behind another seller's
    // backlog waits for a round or two of its tries, not for the backlog.
    batchSize: deps.concurrency * 4,
    claimBelow: deps.concurrency,
    claimSpacing: deps.claimSpacing,
    // At a stop, the deliveries claimed and not tried go back, due at once, rather than wait out
    // their leases.
    release: async (jobs) => {
      const now = deps.now();
      await deliveries.bulkWrite(
        jobs.map(({ delivery }) => ({
          updateOne: {
            filter: heldByClaim(delivery),
            update: { $set: { leaseOwner: null, nextAttemptAt: now, updatedAt: now } },
          },
        })),
      );
    },
    log,
  });
}
