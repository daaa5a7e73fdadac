import { correctOrderAtStoreFront, markShippedAtStoreFront } from '@onvelope/contracts';
import { serveCommand } from '@onvelope/service-kit/nats';
import { correctOrderAtStore } from '../use-cases/correct-order-at-store-front.js';
import { markShippedAtStore } from '../use-cases/mark-shipped-at-store-front.js';
import type { SyncDeps } from '../use-cases/store-front-access.js';

/**
 * Every replica answers `sync.markShipped` and `sync.correctOrder` in one queue group, so each
 * request is handled once.
 */
export const SYNC_QUEUE_GROUP = 'svc-sync';

export function serveMarkShipped(deps: SyncDeps) {
  return serveCommand(
    deps.nats,
    markShippedAtStoreFront,
    SYNC_QUEUE_GROUP,
    (request) => markShippedAtStore(deps, request),
    deps.log,
  );
}

export function serveCorrectOrder(deps: SyncDeps) {
  return serveCommand(
    deps.nats,
    correctOrderAtStoreFront,
    SYNC_QUEUE_GROUP,
    (request) => correctOrderAtStore(deps, request),
    deps.log,
  );
}
