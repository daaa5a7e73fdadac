import { Schema, type Connection, type Model } from 'mongoose';
import {
  buyerNoticeRequested,
  fitNoticeTexts,
  sellerNoticeRequested,
  type BuyerNotice,
  type SellerNotice,
} from '@onvelope/contracts';
import type { Logger } from '../observability/logger.js';
import { isDuplicateKeyError, registeredModel } from '../mongo/mongo.js';
import { ensureStream, publishEvent, type NatsConnection } from '../nats/nats.js';
import { markedBacklog } from '../outbox/outbox-backlog.js';
import { startOutboxRelay } from '../outbox/outbox-relay.js';

/**
 * Who a stored notice is for: the seller themselves (`sellerNoticeRequested`) or one of their
 * buyers (`buyerNoticeRequested`). Records from before buyer notices carry none: the seller.
 */
type Audience = 'seller' | 'buyer';

interface NoticeDocument {
  /** The notice's id: one document, one message, whoever asks again. */
  _id: string;
  accountId: string;
  audience?: Audience;
  /** A buyer notice: the buyer's address. */
  to?: string;
  notice: SellerNotice | BuyerNotice;
  requestedAt: Date;
  /** Set once NATS has acknowledged it; the record then lasts a month (repeats stay dropped). */
  publishedAt: Date | null;
}

/**
 * The notices a service asks svc-notify for (issue 34). Every notice belongs to a seller account:
 * a message to the seller themselves, or one to a buyer of theirs sent on their behalf.
 */
export interface SellerNotices {
  /**
   * Asks svc-notify to tell the seller: stored at once in the service's own database, published to
   * NATS by the relay however long NATS is away. Texts longer than the contract takes are
   * shortened (`fitNoticeTexts`). Asking again for the same `noticeId` does nothing.
   */
  request(accountId: string, noticeId: string, notice: SellerNotice): Promise<void>;
  /**
   * Asks svc-notify to mail `to`, a buyer of the seller's (`notify.buyer-notice.requested`), in
   * the seller's look; stored and published exactly as `request`, in the same outbox. Notice ids
   * are one namespace for both: a `noticeId` names one message, whoever it is for.
   */
  requestForBuyer(
    accountId: string,
    noticeId: string,
    to: string,
    notice: BuyerNotice,
  ): Promise<void>;
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
/**
 * Named when it held the seller's notices only; kept, so records an earlier release stored and
 * did not publish are still published after an upgrade (and tests of every service read it).
 */
const COLLECTION = 'seller_notice_outbox';

function noticeModel(db: Connection): Model<NoticeDocument> {
  return registeredModel(
    db,
    'SellerNoticeOutbox',
    new Schema<NoticeDocument>(
      {
        _id: { type: String, required: true },
        accountId: { type: String, required: true },
        audience: { type: String, enum: ['seller', 'buyer'] },
        to: { type: String },
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
  );
}

/** Publishes one stored record as the event of its audience. */
async function publishRecord(nats: NatsConnection, record: NoticeDocument) {
  const common = {
    noticeId: record._id,
    accountId: record.accountId,
    requestedAt: record.requestedAt.toISOString(),
  };
  if (record.audience === 'buyer') {
    await publishEvent(
      nats,
      buyerNoticeRequested,
      { ...common, to: record.to ?? '', notice: record.notice as BuyerNotice },
      record._id,
    );
  } else {
    await publishEvent(
      nats,
      sellerNoticeRequested,
      { ...common, notice: record.notice as SellerNotice },
      record._id,
    );
  }
}

/**
 * The one outbox every service asks svc-notify for a message through: the seller's own
 * (`notify.seller-notice.requested`) and a buyer's on the seller's behalf
 * (`notify.buyer-notice.requested`). One outbox rather than one per audience: one relay, one
 * collection and one start and stop per service, and a notice id names one message whoever it is
 * for. A stored record per notice, published oldest first by the service kit's outbox relay and
 * marked once JetStream acknowledges it. Replicas may publish one record twice; the message id
 * (the notice id) and svc-notify's one message per id absorb it.
 *
 * @example
 * const notices = await startSellerNotices({ db, nats, log });
 * await notices.request(accountId, `sync:failed:${jobId}`, { kind: 'sync_failed', storeName, reason });
 * await notices.requestForBuyer(accountId, `orders:query_reply:${queryId}:${replyId}`, buyerEmail, reply);
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
  // One stream holds both subjects (`notify.>`).
  await ensureStream(nats, sellerNoticeRequested.stream);

  async function publishPending(signal: AbortSignal) {
    while (!signal.aborted) {
      const pending = await model
        .find({ publishedAt: null })
        .sort({ requestedAt: 1 })
        .limit(BATCH)
        .lean<NoticeDocument[]>();
      for (const record of pending) {
        if (signal.aborted) return;
        await publishRecord(nats, record);
        await model.updateOne({ _id: record._id }, { $set: { publishedAt: now() } });
      }
      if (pending.length < BATCH) return;
    }
  }

  const relay = startOutboxRelay({
    name: 'notices',
    publishPending: ({ signal }) => publishPending(signal),
    backlog: () => markedBacklog(model.collection, { publishedAt: null }, 'requestedAt'),
    nats,
    log,
    everyMs,
  });

  /** Stores the record once per id (a repeat does nothing) and asks the relay for a round. */
  async function store(record: Omit<NoticeDocument, 'requestedAt' | 'publishedAt'>) {
    try {
      await model.create({ ...record, requestedAt: now(), publishedAt: null });
    } catch (error) {
      if (isDuplicateKeyError(error)) return;
      throw error;
    }
    relay.kick();
  }

  return {
    async request(accountId, noticeId, notice) {
      const checked = sellerNoticeRequested.payload.shape.notice.parse(fitNoticeTexts(notice));
      await store({ _id: noticeId, accountId, audience: 'seller', notice: checked });
    },
    async requestForBuyer(accountId, noticeId, to, notice) {
      const shape = buyerNoticeRequested.payload.shape;
      const checked = shape.notice.parse(fitNoticeTexts(notice));
      await store({
        _id: noticeId,
        accountId,
        audience: 'buyer',
        to: shape.to.parse(to),
        notice: checked,
      });
    },
    stop: () => relay.stop(),
  };
}
