import type mongoose from 'mongoose';
import { Schema, type InferSchemaType, type Model } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';
import type { RuleApplyJob } from '@onvelope/contracts';

/**
 * A run of "apply the rules to existing orders" for one seller, with its progress. `runningKey`
 * holds the account while the job runs (unique, sparse): one job at a time per seller, in every
 * svc-orders instance. `updatedAt` moves with each batch, so a job whose instance died is seen
 * as stopped. `leaseToken` names the instance working on it (`accountJobRunner`).
 */
const ruleApplyJobSchema = new Schema(
  {
    accountId: { type: String, required: true },
    runningKey: { type: String },
    leaseToken: { type: String },
    status: { type: String, enum: ['running', 'done', 'failed'], required: true },
    total: { type: Number, required: true },
    examined: { type: Number, required: true, default: 0 },
    changed: { type: Number, required: true, default: 0 },
    message: { type: String, default: null },
    finishedAt: { type: Date, default: null },
  },
  { timestamps: true, collection: 'rule_apply_jobs' },
);

ruleApplyJobSchema.index({ runningKey: 1 }, { unique: true, sparse: true });

export type RuleApplyJobDocument = InferSchemaType<typeof ruleApplyJobSchema> & {
  _id: mongoose.Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};

export function ruleApplyJobModel(db: mongoose.Connection): Model<RuleApplyJobDocument> {
  return registeredModel<RuleApplyJobDocument>(db, 'RuleApplyJob', ruleApplyJobSchema);
}

export function toRuleApplyJob(doc: RuleApplyJobDocument): RuleApplyJob {
  return {
    id: String(doc._id),
    status: doc.status,
    total: doc.total,
    examined: doc.examined,
    changed: doc.changed,
    message: doc.message ?? null,
    startedAt: doc.createdAt.toISOString(),
    finishedAt: doc.finishedAt ? doc.finishedAt.toISOString() : null,
  };
}
