import type mongoose from 'mongoose';
import { Schema, type InferSchemaType, type Model, type Types } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';
import type { BulkJob } from '@onvelope/contracts';

/**
 * A bulk action on a seller's orders (issue 38 item 5: ship, delete, apply one keyword rule), with
 * its selection, its progress and the position to resume from. `runningKey` holds the account
 * while it runs (one bulk action at a time per seller, across instances) and `leaseToken` the
 * instance working on it
 * (`accountJobRunner`). The selection is read a batch at a time: `orderNumbers` from `position`
 * (explicit), or the orders matching `filter` after `resumeAfter` up to `upTo` (the last id when
 * it started, so orders added later are left out). `batch` holds the batch being worked on: after
 * a restart its orders are checked again (the action may have reached them), not skipped.
 */
const bulkJobSchema = new Schema(
  {
    accountId: { type: String, required: true },
    runningKey: { type: String },
    leaseToken: { type: String },
    status: { type: String, enum: ['running', 'done', 'failed'], required: true },
    action: { type: String, enum: ['ship', 'delete', 'apply_rule'], required: true },
    courier: { type: String, default: null },
    /** Apply rule: the seller's rule, and its name when the job started (for the end message). */
    ruleId: { type: String, default: null },
    ruleName: { type: String, default: null },
    /** Ship: each order's tracking number. */
    trackingNumbers: {
      type: [{ _id: false, orderNumber: String, trackingNumber: String }],
      default: undefined,
    },
    orderNumbers: { type: [String], default: undefined },
    filter: { type: Schema.Types.Mixed, default: null },
    upTo: { type: Schema.Types.ObjectId, default: null },
    position: { type: Number, required: true, default: 0 },
    resumeAfter: { type: Schema.Types.ObjectId, default: null },
    batch: { type: [String], default: [] },
    total: { type: Number, required: true },
    processed: { type: Number, required: true, default: 0 },
    done: { type: Number, required: true, default: 0 },
    skipped: { type: Number, required: true, default: 0 },
    message: { type: String, default: null },
    finishedAt: { type: Date, default: null },
  },
  { timestamps: true, collection: 'bulk_jobs' },
);

bulkJobSchema.index({ runningKey: 1 }, { unique: true, sparse: true });
bulkJobSchema.index({ status: 1, updatedAt: 1 });

export type BulkJobDocument = InferSchemaType<typeof bulkJobSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};

export function bulkJobModel(db: mongoose.Connection): Model<BulkJobDocument> {
  return registeredModel<BulkJobDocument>(db, 'BulkJob', bulkJobSchema);
}

/**
 * What a bulk action did to one order: `done`, or `skipped` with the reason. One per job and
 * order number (unique), so an order the job reaches again after a restart is not counted twice.
 */
const bulkOutcomeSchema = new Schema(
  {
    jobId: { type: Schema.Types.ObjectId, required: true },
    accountId: { type: String, required: true },
    orderNumber: { type: String, required: true },
    outcome: { type: String, enum: ['done', 'skipped'], required: true },
    reason: { type: String, default: null },
  },
  { collection: 'bulk_job_outcomes' },
);

bulkOutcomeSchema.index({ jobId: 1, orderNumber: 1 }, { unique: true });
bulkOutcomeSchema.index({ jobId: 1, outcome: 1, _id: 1 });

export type BulkOutcomeDocument = InferSchemaType<typeof bulkOutcomeSchema> & {
  _id: Types.ObjectId;
};

export function bulkOutcomeModel(db: mongoose.Connection): Model<BulkOutcomeDocument> {
  return registeredModel<BulkOutcomeDocument>(db, 'BulkOutcome', bulkOutcomeSchema);
}

export function toBulkJob(doc: BulkJobDocument): BulkJob {
  return {
    id: String(doc._id),
    action: doc.action,
    status: doc.status,
    total: doc.total,
    processed: doc.processed,
    done: doc.done,
    skipped: doc.skipped,
    message: doc.message ?? null,
    startedAt: doc.createdAt.toISOString(),
    finishedAt: doc.finishedAt ? doc.finishedAt.toISOString() : null,
  };
}
