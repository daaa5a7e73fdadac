import { Schema, type Connection, type InferSchemaType, type Model, type Types } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';

export const shipmentTrackerStates = ['pending', 'registered', 'refused'] as const;

/**
 * One order's shipment as the tracking provider is asked to follow it: `pending` until the
 * provider has a tracker for it (retried with backoff, across restarts and replicas), then
 * `registered` with the provider's tracker id, which the provider's webhooks name; `refused` when
 * the provider will never track the code (it said so). Unique by account, order and tracking
 * number: an order shipped again with another number is tracked anew.
 */
const shipmentTrackerSchema = new Schema(
  {
    accountId: { type: String, required: true },
    entryId: { type: String, required: true },
    trackingNumber: { type: String, required: true },
    /** `shipmentKeyOf(...)`: the unique key as one field (mongo-java-server, see svc-orders). */
    shipmentKey: { type: String, required: true },
    courier: { type: String, default: null },
    state: { type: String, enum: shipmentTrackerStates, required: true, default: 'pending' },
    provider: { type: String, default: null },
    trackerId: { type: String, default: null },
    attempts: { type: Number, required: true, default: 0 },
    /**
     * When a pending registration may next be tried. A replica that takes it moves this on by its
     * lease and marks it with its `claim`: should the replica die, the registration is due again
     * once the lease has passed. A reconcile round marks the quiet trackers it takes the same way.
     */
    nextAttemptAt: { type: Date, required: true },
    claim: { type: String, default: null },
    lastError: { type: String, default: null },
    registeredAt: { type: Date, default: null },
    /** When the provider last reported on it (webhook or reconcile), and its carrier status then. */
    lastReportAt: { type: Date, default: null },
    carrierStatus: { type: String, default: null },
  },
  { timestamps: true, collection: 'shipment_trackers' },
);

shipmentTrackerSchema.index({ shipmentKey: 1 }, { unique: true });
// Claiming due registrations, and finding the ones a reconcile poll asks about.
shipmentTrackerSchema.index({ state: 1, nextAttemptAt: 1 });
shipmentTrackerSchema.index({ state: 1, lastReportAt: 1 });
shipmentTrackerSchema.index({ claim: 1 });
// A webhook names the provider's tracker, and its tracking code (which may come before the tracker
// id is stored: the provider reports a tracker as soon as it creates it).
shipmentTrackerSchema.index({ trackerId: 1 });
shipmentTrackerSchema.index({ trackingNumber: 1 });

/** Carrier statuses after which nothing more is expected of a shipment. */
export const finalCarrierStatuses = ['delivered', 'return_to_sender', 'cancelled'];

/**
 * How long a finished tracker (its parcel delivered, returned or cancelled, or its code refused)
 * is kept after it was noted: past the 60-day tracking window (`TRACKING_MAX_SHIPMENT_AGE_DAYS`,
 * counted from the shipping date, which comes before the noting), with a month to spare. By then
 * a change of its order no longer notes the shipment again, so deleting it re-registers nothing.
 */
export const FINISHED_TRACKER_KEPT_SECONDS = 90 * 24 * 3_600;

// MongoDB's TTL monitor deletes them; trackers still pending or on their way stay.
shipmentTrackerSchema.index(
  { createdAt: 1 },
  {
    expireAfterSeconds: FINISHED_TRACKER_KEPT_SECONDS,
    partialFilterExpression: {
      $or: [{ state: 'refused' }, { carrierStatus: { $in: finalCarrierStatuses } }],
    },
  },
);

export type ShipmentTrackerDocument = InferSchemaType<typeof shipmentTrackerSchema> & {
  _id: Types.ObjectId;
};

export const shipmentKeyOf = (accountId: string, entryId: string, trackingNumber: string) =>
  JSON.stringify([accountId, entryId, trackingNumber]);

export function shipmentTrackerModel(db: Connection): Model<ShipmentTrackerDocument> {
  return registeredModel<ShipmentTrackerDocument>(db, 'ShipmentTracker', shipmentTrackerSchema);
}
