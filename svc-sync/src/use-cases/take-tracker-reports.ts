import type { Metrics } from '@onvelope/service-kit/observability';
import {
  shipmentTrackerModel,
  type ShipmentTrackerDocument,
} from '../data/shipment-tracker.model.js';
import type { ProviderTracker } from '../data/tracking-provider.js';
import { CallBatches, type CallOutcome } from '../domain/call-batches.js';
import { publishReport, reported, reportMessageId, type TrackingDeps } from './track-shipments.js';

/**
 * The most webhook Events one batch takes: its shipments are read with one `$in` of their
 * tracker ids, and their reports published together.
 */
export const MAX_REPORTS_PER_BATCH = 100;

/** The provider's webhook Events, taken in batches (`takeTrackerReports`). */
export interface TrackerReportIntake {
  /**
   * Resolves, with how many shipments it concerned, once the tracker's report is published to
   * every shipment it follows (JetStream has it: nothing is lost from then on); rejects when it
   * could not be, and the provider sends the Event again.
   */
  take(tracker: ProviderTracker): Promise<number>;
  /** Waits for the Events taken so far, the report times of their batch included. */
  stop(): Promise<void>;
}

/**
 * Takes the webhook Events that arrive together in one go: every request waits for its Event's
 * publish as before, but the Events that came while a batch was under way share the next batch's
 * lookup, publishes and report-time write, so the database and JetStream see one round trip of
 * each per batch instead of per Event.
 */
export function startTrackerReportIntake(
  deps: TrackingDeps,
  metrics: Metrics,
): TrackerReportIntake {
  const batchSizes = metrics.histogram({
    name: 'tracking_webhook_batch_events',
    help: 'Webhook Events taken in one batch (one lookup, one round of publishes, one write)',
    buckets: [1, 2, 4, 8, 16, 32, 64, MAX_REPORTS_PER_BATCH],
  });
  const batches = new CallBatches<ProviderTracker, number>((trackers, answer) => {
    batchSizes.observe(trackers.length);
    return takeTrackerReports(deps, trackers, answer);
  }, MAX_REPORTS_PER_BATCH);
  return { take: (tracker) => batches.call(tracker), stop: () => batches.idle() };
}

const groupBy = <T>(items: readonly T[], keyOf: (item: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
};

/**
 * Takes trackers the provider reported on (webhook Events, several at once): every shipment a
 * tracker follows is reported to svc-orders. A report may come before the tracker's id is stored
 * (the provider reports a tracker as soon as it makes it), so shipments are also found by tracking
 * code. `answer` hears, per tracker, how many shipments it concerned once their reports are
 * published, or why they could not be (only that tracker's Event fails). Then the shipments found
 * by tracker id keep the time of the report, each the newest of the batch.
 *
 * The same report of a shipment twice in a batch (a repeated Event) is published once; two
 * reports of a shipment are both published, svc-orders keeps the newer.
 */
export async function takeTrackerReports(
  deps: TrackingDeps,
  trackers: readonly ProviderTracker[],
  answer: (outcomes: readonly CallOutcome<number>[]) => void,
): Promise<void> {
  const model = shipmentTrackerModel(deps.db);
  const trackerIds = [...new Set(trackers.map((tracker) => tracker.trackerId))];
  const byId = groupBy(
    await model.find({ trackerId: { $in: trackerIds } }).lean<ShipmentTrackerDocument[]>(),
    (shipment) => shipment.trackerId!,
  );
  const codes = [
    ...new Set(
      trackers
        .filter((tracker) => !byId.has(tracker.trackerId))
        .map((tracker) => tracker.trackingCode),
    ),
  ];
  const byCode = codes.length
    ? groupBy(
        await model
          .find({ trackingNumber: { $in: codes }, state: { $ne: 'refused' } })
          .lean<ShipmentTrackerDocument[]>(),
        (shipment) => shipment.trackingNumber,
      )
    : new Map<string, ShipmentTrackerDocument[]>();

  // Every publish of the batch is sent before any ack is awaited.
  const publishes = new Map<string, Promise<void>>();
  const publishOnce = (shipment: ShipmentTrackerDocument, tracker: ProviderTracker) => {
    const id = reportMessageId(shipment, tracker);
    let publish = publishes.get(id);
    if (!publish) {
      publish = publishReport(deps, shipment, tracker);
      publishes.set(id, publish);
    }
    return publish;
  };
  const settled = await Promise.allSettled(
    trackers.map(async (tracker) => {
      const shipments = byId.get(tracker.trackerId) ?? byCode.get(tracker.trackingCode) ?? [];
      await Promise.all(shipments.map((shipment) => publishOnce(shipment, tracker)));
      return shipments.length;
    }),
  );
  answer(
    settled.map((outcome) =>
      outcome.status === 'fulfilled'
        ? { ok: true, value: outcome.value }
        : { ok: false, error: outcome.reason as unknown },
    ),
  );

  const newest = new Map<string, ProviderTracker>();
  trackers.forEach((tracker, i) => {
    if (settled[i]!.status !== 'fulfilled' || !byId.has(tracker.trackerId)) return;
    const kept = newest.get(tracker.trackerId);
    if (!kept || tracker.delivery.carrierUpdatedAt >= kept.delivery.carrierUpdatedAt) {
      newest.set(tracker.trackerId, tracker);
    }
  });
  await storeReportTimes(deps, byId, [...newest.values()]);
}

/**
 * One write for the batch: the shipments of each carrier status in one `updateMany` by `_id`
 * (which every server, mongo-java-server too, answers from its unique index). Its callers are
 * answered already and their reports safe, so a failure is only logged: the report time is what
 * reconciling goes by, and a tracker that looks quiet is asked about again, nothing worse.
 */
async function storeReportTimes(
  deps: TrackingDeps,
  byId: ReadonlyMap<string, ShipmentTrackerDocument[]>,
  trackers: readonly ProviderTracker[],
) {
  if (!trackers.length) return;
  const now = new Date();
  const byStatus = groupBy(trackers, (tracker) => tracker.delivery.carrierStatus);
  try {
    await shipmentTrackerModel(deps.db).bulkWrite(
      [...byStatus.values()].map((sameStatus) => ({
        updateMany: {
          filter: {
            _id: {
              $in: sameStatus.flatMap((tracker) =>
                byId.get(tracker.trackerId)!.map((shipment) => shipment._id),
              ),
            },
          },
          update: { $set: reported(sameStatus[0]!, now) },
        },
      })),
      { ordered: false },
    );
  } catch (error) {
    deps.log.warn(
      { err: error, trackers: trackers.length },
      'storing the report times failed; those trackers may be asked about again',
    );
  }
}
