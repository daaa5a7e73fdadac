import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';
import {
  notificationMilestones,
  notificationReasons,
  notificationStates,
  problemKinds,
  type NotificationMilestone,
  type NotificationReason,
  type NotificationState,
  type BuyerNotice,
  type ProblemKind,
  type SellerNotice,
} from '@onvelope/contracts';
import type { OrderSnapshot } from '../domain/message-content.js';

/**
 * Who a message is for: a buyer at a milestone of their order, the seller's test of one, a
 * seller's own message (`sellerNoticeRequested`), a seller's daily digest of buyers' queries, or a
 * buyer's message another service asked for (`buyerNoticeRequested`: the seller's reply to a
 * query).
 */
export const notificationKinds = ['buyer', 'test', 'seller', 'digest', 'buyer_notice'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** A message to the seller themselves: the kinds whose address is the seller's account address. */
export const isSellerMessage = (doc: { kind: NotificationKind }) =>
  doc.kind === 'seller' || doc.kind === 'digest';

/**
 * A message to one of the seller's buyers (a milestone, a reply): under the seller's suppression
 * list, with their unsubscribe link, and a refused address is suppressed for the seller.
 */
export const isBuyerMessage = (doc: { kind: NotificationKind }) =>
  doc.kind === 'buyer' || doc.kind === 'buyer_notice';

/** A delivery report about a message, as the seller sees it (`messageBounce`). */
export interface StoredBounce {
  action: 'failed' | 'delayed';
  status: string;
  detail: string;
  reportedAt: Date;
}

/** A notice as it was asked for (`sellerNoticeRequested`, `buyerNoticeRequested`). */
export interface StoredNotice<Body = SellerNotice> {
  noticeId: string;
  requestedAt: Date;
  body: Body;
}

/**
 * The outbox: one document per message a buyer (or the seller) is to get, and the record of what
 * became of it. `queued` → `sent` | `failed` | `suppressed`; decided against at once → `skipped`;
 * a buyer's query kept for the seller's daily digest is `held` until the digest is sent. The
 * unique (accountId, entryId, milestone) key is the "never twice" rule: however often an event is
 * delivered, a milestone of an order has one document, a seller's or a buyer's notice one
 * (`notice:<noticeId>`) and a seller's day one digest (`digest:<local date>`).
 */
export interface NotificationDocument {
  _id: Types.ObjectId;
  accountId: string;
  /**
   * The tracking entry; `test:<random>` for a seller's test; `notice:<noticeId>` for a seller's or
   * a buyer's notice; `digest:<YYYY-MM-DD>` (the seller's local date) for a daily digest.
   */
  entryId: string;
  /** Buyer messages and tests only (null for the seller's own messages). */
  milestone: NotificationMilestone | null;
  problem: ProblemKind | null;
  kind: NotificationKind;
  /**
   * Where it goes. A seller's own message has none until it is sent: it goes to the account's
   * address as known when it is sent.
   */
  to: string | null;
  state: NotificationState;
  reason: NotificationReason | null;
  /** Buyer messages and tests: the order's facts when decided (null for seller messages). */
  order: OrderSnapshot | null;
  /** Seller messages: the notice asked for. */
  notice: StoredNotice | null;
  /** A buyer's notice (`buyer_notice`): the notice asked for; absent on the other kinds. */
  buyerNotice?: StoredNotice<BuyerNotice> | null;
  /**
   * A buyer's notice about an order (a reply to a query filed under it): the order's tracking
   * entry, so the order's history lists it (`entryId` is the notice's key). Absent otherwise.
   */
  orderEntryId?: string | null;
  /** A buyer's query held for the daily digest; the digest that listed it once one has. */
  heldForDigest: boolean;
  digestId: Types.ObjectId | null;
  /** A digest: it lists the held queries received before this instant (its 08:00). */
  digestUntil: Date | null;
  /** A digest: how many queries it listed (set when it is sent). */
  queryCount: number | null;
  attempts: number;
  /** The first try at the mail server: the give-up clock runs from here, not from a wait before. */
  firstTriedAt: Date | null;
  /** When the sender may next try (queued only). */
  nextAttemptAt: Date | null;
  /** Held by one sender until then; another may take it after (the holder died). */
  leaseUntil: Date | null;
  leaseOwner: string | null;
  lastError: string | null;
  /**
   * The last delivery report that came back to the message's envelope sender (RFC 3464). Absent
   * on messages recorded before reports were read.
   */
  bounce?: StoredBounce | null;
  subject: string | null;
  createdAt: Date;
  sentAt: Date | null;
  updatedAt: Date;
}

const snapshotSchema = new Schema<OrderSnapshot>(
  {
    orderNumber: { type: String, required: true },
    customerName: { type: String, default: null },
    courier: { type: String, default: null },
    trackingNumber: { type: String, default: null },
    shippedAt: { type: Date, default: null },
    deliveredAt: { type: Date, default: null },
    estimatedDeliveryAt: { type: Date, default: null },
    items: {
      type: [new Schema({ name: String, quantity: Number }, { _id: false })],
      default: [],
    },
    itemCount: { type: Number, default: 0 },
  },
  { _id: false },
);

const storedNoticeSchema = new Schema<StoredNotice<SellerNotice | BuyerNotice>>(
  {
    noticeId: { type: String, required: true },
    requestedAt: { type: Date, required: true },
    // Checked against the contract when it was consumed; kept as it came.
    body: { type: Schema.Types.Mixed, required: true },
  },
  { _id: false },
);

const bounceSchema = new Schema<StoredBounce>(
  {
    action: { type: String, enum: ['failed', 'delayed'], required: true },
    status: { type: String, required: true },
    detail: { type: String, required: true },
    reportedAt: { type: Date, required: true },
  },
  { _id: false },
);

const notificationSchema = new Schema<NotificationDocument>(
  {
    accountId: { type: String, required: true },
    entryId: { type: String, required: true },
    milestone: { type: String, enum: [...notificationMilestones, null], default: null },
    problem: { type: String, enum: [...problemKinds, null], default: null },
    kind: { type: String, enum: notificationKinds, required: true },
    to: { type: String, default: null },
    state: { type: String, enum: notificationStates, required: true },
    reason: { type: String, enum: [...notificationReasons, null], default: null },
    order: { type: snapshotSchema, default: null },
    notice: { type: storedNoticeSchema, default: null },
    buyerNotice: { type: storedNoticeSchema },
    orderEntryId: { type: String },
    heldForDigest: { type: Boolean, default: false },
    digestId: { type: Schema.Types.ObjectId, default: null },
    digestUntil: { type: Date, default: null },
    queryCount: { type: Number, default: null },
    attempts: { type: Number, default: 0 },
    firstTriedAt: { type: Date, default: null },
    nextAttemptAt: { type: Date, default: null },
    leaseUntil: { type: Date, default: null },
    leaseOwner: { type: String, default: null },
    lastError: { type: String, default: null },
    bounce: { type: bounceSchema, default: null },
    subject: { type: String, default: null },
    createdAt: { type: Date, required: true },
    sentAt: { type: Date, default: null },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'notifications' },
);
notificationSchema.index({ accountId: 1, entryId: 1, milestone: 1 }, { unique: true });
notificationSchema.index({ state: 1, nextAttemptAt: 1 });
// A claim's messages, read, settled and handed back by its token (`sender.ts`).
notificationSchema.index({ leaseOwner: 1 });
notificationSchema.index({ accountId: 1, kind: 1, createdAt: 1 });
// An order's history: the buyer notices about it (only they carry the field).
notificationSchema.index({ orderEntryId: 1 }, { sparse: true });

/** The states nothing moves a message out of any more but a late delivery report. */
export const settledNotificationStates = [
  'sent',
  'failed',
  'suppressed',
  'skipped',
] as const satisfies readonly NotificationState[];

/**
 * How long a settled message is kept after its last change: beyond a year's support questions
 * about what a buyer was sent. Deleting one never mails it again: `entry_progress` (kept) says how
 * far the order got, and a step not ahead of it is never mailed.
 */
export const SETTLED_NOTIFICATION_KEPT_SECONDS = 400 * 24 * 3_600;

// MongoDB's TTL monitor deletes them; queued and held messages are work and stay.
notificationSchema.index(
  { updatedAt: 1 },
  {
    expireAfterSeconds: SETTLED_NOTIFICATION_KEPT_SECONDS,
    partialFilterExpression: { state: { $in: settledNotificationStates } },
  },
);

export type NotificationModel = Model<NotificationDocument>;

/**
 * The delivery state of a message just recorded: never tried, held by no sender, due at
 * `nextAttemptAt` (null: not to be sent, or waiting for something else).
 */
export const untriedDelivery = (now: Date, nextAttemptAt: Date | null) => ({
  attempts: 0,
  firstTriedAt: null,
  nextAttemptAt,
  leaseUntil: null,
  leaseOwner: null,
  lastError: null,
  subject: null,
  createdAt: now,
  sentAt: null,
  updatedAt: now,
});

export const notificationModel = (db: Connection): NotificationModel =>
  registeredModel(db, 'Notification', notificationSchema);
