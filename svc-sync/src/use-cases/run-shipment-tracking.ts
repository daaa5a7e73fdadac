import { trackingEntryUpserted } from '@onvelope/contracts';
import { consumeEvents } from '@onvelope/service-kit/nats';
import { shipmentTrackerModel } from '../data/shipment-tracker.model.js';
import { RecentKeys } from '../domain/recent-keys.js';
import {
  noteShipments,
  reconcileQuietTrackers,
  registerDueShipments,
  type TrackingDeps,
} from './track-shipments.js';

export interface ShipmentTrackingLoop {
  /** How often an idle replica looks for due registrations made elsewhere. */
  pollMs: number;
  /** How often a replica looks for quiet trackers to ask about. */
  reconcileEveryMs: number;
}

/**
 * How many stored shipments a replica remembers (about 100 bytes each): a carrier's report on one
 * of them changes its order, and the change need not note the shipment again.
 */
const NOTED_SHIPMENTS = 100_000;

/**
 * Live tracking's work in this replica: notes the shipments of changed orders (from svc-orders'
 * events, shared by every replica), and registers them with the provider and asks about quiet
 * trackers in a loop (replicas split the registrations by claims, see `track-shipments.ts`).
 */
export async function startShipmentTracking(deps: TrackingDeps, loop: ShipmentTrackingLoop) {
  // The unique shipment key must exist before the first registration is noted.
  await shipmentTrackerModel(deps.db).syncIndexes();
  let stopping = false;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const running = (async () => {
    let reconciledAt = 0;
    while (!stopping) {
      try {
        const taken = await registerDueShipments(deps);
        if (Date.now() - reconciledAt >= loop.reconcileEveryMs) {
          reconciledAt = Date.now();
          await reconcileQuietTrackers(deps);
        }
        if (!taken) await pause(loop.pollMs);
      } catch (error) {
        deps.log.warn({ err: error }, 'shipment tracking round failed; trying again');
        await pause(loop.pollMs);
      }
    }
  })();

  const noted = new RecentKeys(NOTED_SHIPMENTS);
  const changes = await consumeEvents(
    deps.nats,
    trackingEntryUpserted,
    'svc-sync-shipments',
    async ({ payload }) => {
      if (await noteShipments(deps, payload, noted)) wake?.();
    },
    deps.log,
  );

  return {
    async stop() {
      await changes.stop();
      stopping = true;
      wake?.();
      await running;
    },
  };
}
