import { Schema, type Connection, type InferSchemaType, type Model, type Types } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';

export const syncJobKinds = ['full', 'incremental'] as const;
export const syncJobStatuses = ['queued', 'running', 'completed', 'failed'] as const;

const count = { type: Number, required: true, default: 0 };

/**
 * One sync of one connection. The document is the job's memory: the work-queue message only names
 * it, so whichever replica receives the message resumes from `cursor` (the page after the last one
 * handed to svc-orders) with the progress so far.
 */
const syncJobSchema = new Schema(
  {
    accountId: { type: String, required: true },
    connectionId: { type: String, required: true },
    kind: { type: String, enum: syncJobKinds, required: true },
    status: { type: String, enum: syncJobStatuses, required: true, default: 'queued' },
    /**
     * The connection id while the job is queued or running, absent afterwards. Unique (sparse), so
     * a connection has at most one unfinished job: the second start meets the duplicate key and is
     * given the running job. One sparse field, not a partial index: mongo-java-server (the test
     * server) ignores partial filters.
     */
    activeKey: { type: String },
    updatedSince: { type: Date, default: null },
    cursor: {
      nextUrl: { type: String, default: null },
      pagesDone: count,
    },
    progress: {
      phase: { type: String, required: true, default: 'queued' },
      ordersFound: count,
      ordersProcessed: count,
      totalOrders: count,
      totalOrdersInStore: count,
      currentPage: count,
      syncedCount: count,
      errorCount: count,
      /** Orders left out because they await payment (not in the spec's progress fields). */
      awaitingPaymentCount: count,
      pagesProcessed: count,
    },
    /** Store-front orders of the connection in svc-orders when the job started (see README). */
    ordersBefore: { type: Number, default: null },
    /** The replica working on the job, and until when its claim holds unless renewed. */
    lease: {
      owner: { type: String, default: null },
      until: { type: Date, default: null },
    },
    deliveries: count,
    /** Every replica that claimed the job, in order (a resumed job names more than one). */
    workers: { type: [String], default: [] },
    error: { type: String, default: null },
    /**
     * Set with the failure: why the sync stopped, as the seller is mailed it (issue 34). Null when no
     * mail is owed (the seller disconnected the store; an expired authorisation has its own mail).
     * Kept so a redelivered failed job asks again, which the notice id makes one mail.
     */
    noticeReason: { type: String, default: null },
    startedAt: { type: Date, default: null },
    finishedAt: { type: Date, default: null },
    /** Where the job's time went (for the benchmark and the logs). */
    timings: {
      storeFrontWaitMs: count,
      processingMs: count,
    },
  },
  { timestamps: true, collection: 'sync_jobs' },
);

syncJobSchema.index({ activeKey: 1 }, { unique: true, sparse: true });
syncJobSchema.index({ accountId: 1, connectionId: 1, createdAt: -1 });

type Stored = InferSchemaType<typeof syncJobSchema>;

/** The nested parts always exist (their fields have defaults); the inferred type leaves them optional. */
export type SyncJobDocument = Omit<Stored, 'cursor' | 'progress' | 'lease' | 'timings'> & {
  _id: Types.ObjectId;
  cursor: NonNullable<Stored['cursor']>;
  progress: NonNullable<Stored['progress']>;
  lease: NonNullable<Stored['lease']>;
  timings: NonNullable<Stored['timings']>;
  createdAt: Date;
  updatedAt: Date;
};

export function syncJobModel(db: Connection): Model<SyncJobDocument> {
  return registeredModel<SyncJobDocument>(db, 'SyncJob', syncJobSchema);
}

export const isUnfinished = (job: Pick<SyncJobDocument, 'status'>) =>
  job.status === 'queued' || job.status === 'running';
