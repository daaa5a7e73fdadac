import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Connection } from 'mongoose';
import {
  shipmentTrackingUpdated,
  type PayloadOf,
  type trackingEntryUpserted,
} from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { publishEvent, type NatsConnection } from '@onvelope/service-kit/nats';
import { forAccount } from '@onvelope/service-kit/mongo';
import {
  finalCarrierStatuses,
  shipmentKeyOf,
  shipmentTrackerModel,
  type ShipmentTrackerDocument,
} from '../data/shipment-tracker.model.js';
import {
  TrackingProviderError,
  type ProviderTracker,
  type TrackingProvider,
} from '../data/tracking-provider.js';
import type { RecentKeys } from '../domain/recent-keys.js';
import { backoffMs } from '../domain/retry-policy.js';
import { type TokenBucket } from '../domain/token-bucket.js';

export interface TrackingSettings {
  /** Calls to the provider a second from this replica, and the burst it allows. */
  ratePerSecond: number;
  burst: number;
  /** Registrations one replica takes at a time. */
  batchSize: number;
  /** How long a taken registration is this replica's before another may take it. */
  leaseMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /**
   * The tracking window: shipments older than this when they reach svc-sync are not tracked (long
   * delivered), and a tracker noted longer ago than this is no longer reconciled.
   */
  maxShipmentAgeMs: number;
  /** A tracker the provider has not reported on for this long is asked about. */
  reconcileAfterMs: number;
}

export interface TrackingDeps {
  db: Connection;
  nats: NatsConnection;
  log: Logger;
  provider: TrackingProvider;
  settings: TrackingSettings;
  /** This replica's rate of calls to the provider, shared by all its tracking work. */
  bucket: TokenBucket;
}

/** Statuses of an order whose parcel is on its way: the ones worth tracking. */
const travellingStatuses = new Set(['shipped', 'partially_shipped']);

type EntriesUpserted = PayloadOf<typeof trackingEntryUpserted>;

/**
 * Notes the shipments of changed orders that are to be tracked: each order on its way with a
 * tracking number, once per number (a redelivered event or a later change of the order adds
 * nothing). Orders delivered already, or shipped longer ago than the settings allow, are not.
 * `noted` holds the shipments this replica knows are stored: most changes of an order on its way
 * are its carrier's reports, which name the shipment noted when it was shipped, and storing its key
 * again would cost a round trip for each (a shipment is deleted only once finished and past the
 * tracking window, when its order's changes no longer note it).
 * Answers how many were new.
 */
export async function noteShipments(
  deps: TrackingDeps,
  event: EntriesUpserted,
  noted: RecentKeys,
): Promise<number> {
  const now = Date.now();
  const toTrack = event.changes.flatMap((change) => {
    const { trackingNumber } = change;
    if (
      !trackingNumber ||
      !travellingStatuses.has(change.status) ||
      (change.shippedAt && now - Date.parse(change.shippedAt) > deps.settings.maxShipmentAgeMs)
    )
      return [];
    const shipmentKey = shipmentKeyOf(event.accountId, change.entryId, trackingNumber);
    return noted.has(shipmentKey) ? [] : [{ change, trackingNumber, shipmentKey }];
  });
  if (!toTrack.length) return 0;
  const result = await shipmentTrackerModel(deps.db).bulkWrite(
    toTrack.map(({ change, trackingNumber, shipmentKey }) => ({
      updateOne: {
        filter: { shipmentKey },
        update: {
          $setOnInsert: {
            accountId: event.accountId,
            entryId: change.entryId,
            trackingNumber,
            shipmentKey,
            courier: change.courier ?? null,
            state: 'pending',
            attempts: 0,
            nextAttemptAt: new Date(now),
          },
        },
        upsert: true,
      },
    })),
    { ordered: false },
  );
  for (const { shipmentKey } of toTrack) noted.add(shipmentKey);
  return result.upsertedCount;
}

/** The shipment a report is about: what svc-orders needs to find its order. */
export type ReportedShipment = Pick<
  ShipmentTrackerDocument,
  'accountId' | 'entryId' | 'trackingNumber'
>;

/** The same report of the same shipment is one message, however often it is received. */
export const reportMessageId = (shipment: ReportedShipment, tracker: ProviderTracker) =>
  `${shipment.entryId}:${tracker.trackerId}:${tracker.delivery.carrierUpdatedAt}:${tracker.delivery.checkpoints.length}`;

/** Tells svc-orders what the provider says of one registered shipment. */
export async function publishReport(
  deps: TrackingDeps,
  shipment: ReportedShipment,
  tracker: ProviderTracker,
) {
  await publishEvent(
    deps.nats,
    shipmentTrackingUpdated,
    {
      accountId: shipment.accountId,
      entryId: shipment.entryId,
      trackingNumber: shipment.trackingNumber,
      delivery: tracker.delivery,
    },
    reportMessageId(shipment, tracker),
  );
}

/** What a shipment keeps of a report: when it came, and the carrier status it gave. */
export const reported = (tracker: ProviderTracker, at: Date) => ({
  lastReportAt: at,
  carrierStatus: tracker.delivery.carrierStatus,
});

/**
 * Takes the due registrations this replica can handle now: marked with a claim of its own and
 * moved on by the lease in one update, then read back by that claim (a registration another
 * replica took meanwhile is not matched).
 */
async function claimDue(deps: TrackingDeps, now: Date) {
  const model = shipmentTrackerModel(deps.db);
  const due = await model
    .find({ state: 'pending', nextAttemptAt: { $lte: now } })
    .sort({ nextAttemptAt: 1 })
    .limit(deps.settings.batchSize)
    .select({ _id: 1 })
    .lean<{ _id: ShipmentTrackerDocument['_id'] }[]>();
  if (!due.length) return [];
  const claim = randomUUID();
  await model.updateMany(
    { _id: { $in: due.map((doc) => doc._id) }, state: 'pending', nextAttemptAt: { $lte: now } },
    { $set: { claim, nextAttemptAt: new Date(now.getTime() + deps.settings.leaseMs) } },
  );
  return model.find({ claim }).lean<ShipmentTrackerDocument[]>();
}

/**
 * Registers due shipments with the provider, as fast as its rate allows: each becomes
 * `registered` with its tracker, and what the provider says of it at once is reported. A failure
 * the provider may get past is tried again later (backoff, up to `retryMaxMs` apart, for as long as
 * it takes); a code the provider refuses is `refused`. Answers how many were taken.
 */
export async function registerDueShipments(deps: TrackingDeps): Promise<number> {
  const model = shipmentTrackerModel(deps.db);
  const claimed = await claimDue(deps, new Date());
  await Promise.all(
    claimed.map(async (shipment) => {
      await delay(deps.bucket.take(Date.now()));
      const mine = { _id: shipment._id, claim: shipment.claim };
      try {
        const tracker = await deps.provider.createTracker(
          shipment.trackingNumber,
          shipment.courier ?? null,
        );
        const now = new Date();
        await publishReport(deps, shipment, tracker);
        await model.updateOne(mine, {
          $set: {
            state: 'registered',
            provider: deps.provider.name,
            trackerId: tracker.trackerId,
            registeredAt: now,
            lastError: null,
            claim: null,
            ...reported(tracker, now),
          },
        });
      } catch (error) {
        const message = (error as Error).message;
        const attempts = shipment.attempts + 1;
        if (error instanceof TrackingProviderError && !error.retryable) {
          deps.log.warn({ shipmentId: String(shipment._id), err: error }, 'tracking code refused');
          await model.updateOne(mine, {
            $set: { state: 'refused', attempts, lastError: message, claim: null },
          });
          return;
        }
        const waitMs = Math.min(
          deps.settings.retryMaxMs,
          (error instanceof TrackingProviderError ? error.retryAfterMs : null) ??
            backoffMs(attempts, deps.settings.retryBaseMs),
        );
        await model.updateOne(mine, {
          $set: {
            attempts,
            lastError: message,
            claim: null,
            nextAttemptAt: new Date(Date.now() + waitMs),
          },
        });
      }
    }),
  );
  return claimed.length;
}

/** Asks the provider about these shipments now, at the bucket's rate, and reports each. */
async function askAgain(deps: TrackingDeps, shipments: ShipmentTrackerDocument[]) {
  const model = shipmentTrackerModel(deps.db);
  let asked = 0;
  await Promise.all(
    shipments.map(async (shipment) => {
      await delay(deps.bucket.take(Date.now()));
      try {
        const tracker = await deps.provider.retrieveTracker(shipment.trackerId!);
        await publishReport(deps, shipment, tracker);
        await model.updateOne({ _id: shipment._id }, { $set: reported(tracker, new Date()) });
        asked += 1;
      } catch (error) {
        deps.log.warn(
          { shipmentId: String(shipment._id), err: error },
          'asking the provider again failed; asked again later',
        );
      }
    }),
  );
  return asked;
}

/** The most shipments one refresh asks about: a click must not spend the provider's whole rate. */
export const MAX_REFRESHED_SHIPMENTS = 50;

/**
 * The seller's one-click refresh (Needs attention): the provider is asked again about the
 * account's shipments still on their way, the longest without news first. Answers how many it
 * could ask about.
 */
export async function refreshAccountShipments(
  deps: TrackingDeps,
  accountId: string,
): Promise<number> {
  const shipments = await forAccount<ShipmentTrackerDocument>(
    shipmentTrackerModel(deps.db),
    accountId,
  )
    .find({
      state: 'registered',
      carrierStatus: { $nin: finalCarrierStatuses },
    })
    .sort({ lastReportAt: 1 })
    .limit(MAX_REFRESHED_SHIPMENTS)
    .lean<ShipmentTrackerDocument[]>();
  return askAgain(deps, shipments);
}

/**
 * Asks the provider about registered trackers it has not reported on for a while (a webhook lost,
 * or the endpoint down), so statuses move even then. Answers how many were asked about.
 *
 * Every replica runs this: the quiet trackers are claimed as registrations are (`claimDue`), moved
 * on and marked with this round's claim in one update that matches only those still quiet, then
 * read back by the claim, so two rounds at once never ask the provider about one tracker twice.
 */
export async function reconcileQuietTrackers(deps: TrackingDeps): Promise<number> {
  const model = shipmentTrackerModel(deps.db);
  const now = Date.now();
  const stillQuiet = {
    state: 'registered' as const,
    lastReportAt: { $lte: new Date(now - deps.settings.reconcileAfterMs) },
    carrierStatus: { $nin: finalCarrierStatuses },
    // Past the tracking window a parcel that never finished (lost, or its code reused) is no longer
    // asked about: the provider stops following it too, and each question is a call billed to the
    // seller's rate. A webhook about it still applies.
    createdAt: { $gte: new Date(now - deps.settings.maxShipmentAgeMs) },
  };
  const quiet = await model
    .find(stillQuiet)
    .sort({ lastReportAt: 1 })
    .limit(deps.settings.batchSize)
    .select({ _id: 1 })
    .lean<{ _id: ShipmentTrackerDocument['_id'] }[]>();
  if (!quiet.length) return 0;
  const claim = randomUUID();
  await model.updateMany(
    { _id: { $in: quiet.map((shipment) => shipment._id) }, ...stillQuiet },
    { $set: { lastReportAt: new Date(), claim } },
  );
  const claimed = await model.find({ claim }).lean<ShipmentTrackerDocument[]>();
  await askAgain(deps, claimed);
  return claimed.length;
}
