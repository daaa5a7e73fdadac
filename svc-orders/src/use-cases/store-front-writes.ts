import {
  correctOrderAtStoreFront,
  markShippedAtStoreFront,
  type StoreFrontCorrection,
} from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { requestCommand, type NatsConnection } from '@onvelope/service-kit/nats';
import type { TrackingEntryDocument } from '../data/tracking-entry.model.js';

/** How long the seller waits for the store-front before the change is answered as made here only. */
export const STORE_FRONT_TIMEOUT_MS = 4_000;

export interface StoreFrontWriteDeps {
  nats: NatsConnection;
  log: Logger;
  storeFrontTimeoutMs?: number;
}

/** Which store-front order a request names. */
interface StoreFrontOrderRef {
  accountId: string;
  connectionId: string | null;
  externalId: string;
  orderNumber: string;
}

/**
 * Asks svc-sync to make a seller's change of a store-front order at the store-front too. True only
 * when the store-front took it; no responder, a timeout or a refusal leave the change made here
 * only (logged), and the seller is told so by the caller.
 */
async function writeAtStoreFront(
  deps: StoreFrontWriteDeps,
  entry: TrackingEntryDocument,
  ask: (
    order: StoreFrontOrderRef,
    timeoutMs: number,
  ) => Promise<{ updated: boolean; reason?: string }>,
): Promise<boolean> {
  const context = { accountId: entry.accountId, orderNumber: entry.orderNumber };
  if (!entry.externalId) {
    deps.log.warn(context, 'store-front order without an external id; store-front not updated');
    return false;
  }
  try {
    const reply = await ask(
      {
        accountId: entry.accountId,
        connectionId: entry.connectionId ?? null,
        externalId: entry.externalId,
        orderNumber: entry.orderNumber,
      },
      deps.storeFrontTimeoutMs ?? STORE_FRONT_TIMEOUT_MS,
    );
    if (!reply.updated) deps.log.warn({ ...context, reason: reply.reason }, 'store-front refused');
    return reply.updated;
  } catch (error) {
    deps.log.warn({ ...context, err: error }, 'store-front not updated');
    return false;
  }
}

/** Records the order's shipment at the store-front (`sync.markShipped`). */
export const shipAtStoreFront = (deps: StoreFrontWriteDeps, entry: TrackingEntryDocument) =>
  entry.source === 'bigcartel'
    ? writeAtStoreFront(deps, entry, (order, timeoutMs) =>
        requestCommand(
          deps.nats,
          markShippedAtStoreFront,
          {
            ...order,
            trackingNumber: entry.trackingNumber ?? '',
            courier: entry.courier ?? '',
            trackingUrl: entry.trackingUrl ?? null,
          },
          timeoutMs,
        ),
      )
    : Promise.resolve(false);

/**
 * Carries a correction of a store-front order back to the store-front (`sync.correctOrder`).
 * Undefined when there is nothing to carry: not a store-front order, or no field the store-front
 * keeps was changed.
 */
export async function correctAtStoreFront(
  deps: StoreFrontWriteDeps,
  entry: TrackingEntryDocument,
  correction: StoreFrontCorrection,
): Promise<boolean | undefined> {
  if (entry.source !== 'bigcartel' || !Object.keys(correction).length) return undefined;
  return writeAtStoreFront(deps, entry, (order, timeoutMs) =>
    requestCommand(deps.nats, correctOrderAtStoreFront, { ...order, correction }, timeoutMs),
  );
}
