import { Schema, type Connection, type Model } from 'mongoose';
import { fitNoticeTexts, sellerNoticeRequested, type SellerNotice } from '@onvelope/contracts';
import type { Logger } from './logger.js';
import { isDuplicateKeyError } from './mongo.js';
import { ensureStream, publishEvent, type NatsConnection } from './nats.js';
import { startOutboxRelay } from './outbox-relay.js';

interface SellerNoticeDocument {
  /** The notice's id: one document, one message, whoever asks again. */
  _id: string;
  accountId: string;
  notice: SellerNotice;
  requestedAt: Date;
  /** Set once NATS has acknowledged it; the record then lasts a month (repeats stay dropped). */
  publishedAt: Date | null;
}

export interface SellerNotices {
  /**
   * Asks svc-notify to tell the seller (issue 34): stored at once in the service's own database,
   * published to NATS by the relay however long NATS is away. Texts longer than the contract takes
   * are shortened (`fitNoticeTexts`). Asking again for the same `noticeId` does nothing.
   */
  request(accountId: string, noticeId: string, notice: SellerNotice): Promise<void>;
  stop(): Promise<void>;
}

export interface SellerNoticeOptions {
  db: Connection;
  nats: NatsConnection;
  log: Logger;
  now?: () => Date;
  /** The relay's safety net (other replicas' records, a lost kick). */
  everyMs?: number;
}

/** Records published per query. */
const BATCH = 100;
const KEPT_AFTER_PUBLISHING_S = 30 * 24 * 3_600;
const COLLECTION = 'seller_notice_outbox';

function noticeModel(db: Connection): Model<SellerNoticeDocument> {
  const name = 'SellerNoticeOutbox';
  return (
    (db.models[name] as Model<SellerNoticeDocument> | undefined) ??
    db.model(
      name,
      new Schema<SellerNoticeDocument>(
        {
          _id: { type: String, required: true },
          accountId: { type: String, required: true },
          notice: { type: Schema.Types.Mixed, required: true },
          requestedAt: { type: Date, required: true },
          publishedAt: {
            type: Date,
            default: null,
            index: { expireAfterSeconds: KEPT_AFTER_PUBLISHING_S },
          },
        },
        { versionKey: false, collection: COLLECTION },
      ).index({ publishedAt: 1, requestedAt: 1 }),
    )
  );
}

/**
 * The outbox every service asks svc-notify for a seller's message through (`notify.seller-notice.
 * requested`): a stored record per notice, published oldest first by the service kit's outbox relay
 * and marked once JetStream acknowledges it. Replicas may publish one record twice; the message id
 * (the notice id) and svc-notify's one message per id absorb it.
 *
 * @example
 * const notices = await startSellerNotices({ db, nats, log });
 * await notices.request(accountId, `sync:failed:${jobId}`, { kind: 'sync_failed', storeName, reason });
 */
export async function startSellerNotices({
  db,
  nats,
  log,
  now = () => new Date(),
  everyMs = 5_000,
}: SellerNoticeOptions): Promise<SellerNotices> {
  const model = noticeModel(db);
  await model.syncIndexes();
  await ensureStream(nats, sellerNoticeRequested.stream);

  async function publishPending(signal: AbortSignal) {
    while (!signal.aborted) {
      const pending = await model
        .find({ publishedAt: null })
        .sort({ requestedAt: 1 })
        .limit(BATCH)
        .lean<SellerNoticeDocument[]>();
      for (const record of pending) {
        if (signal.aborted) return;
        await publishEvent(
          nats,
          sellerNoticeRequested,
          {
            noticeId: record._id,
            accountId: record.accountId,
            requestedAt: record.requestedAt.toISOString(),
            notice: record.notice,
          },
          record._id,
        );
        await model.updateOne({ _id: record._id }, { $set: { publishedAt: now() } });
      }
      if (pending.length < BATCH) return;
    }
  }

  const relay = startOutboxRelay({
    name: 'seller notices',
    publishPending: ({ signal }) => publishPending(signal),
    nats,
    log,
    everyMs,
  });

  return {
    async request(accountId, noticeId, notice) {
      const checked = sellerNoticeRequested.payload.shape.notice.parse(fitNoticeTexts(notice));
      try {
        await model.create({
          _id: noticeId,
          accountId,
          notice: checked,
          requestedAt: now(),
          publishedAt: null,
        });
      } catch (error) {
        if (isDuplicateKeyError(error)) return;
        throw error;
      }
      relay.kick();
    },
    stop: () => relay.stop(),
  };
}
