import { Schema, type Connection, type Model, type Types } from 'mongoose';
import {
  notificationMilestones,
  notificationReasons,
  notificationStates,
  problemKinds,
  type NotificationMilestone,
  type NotificationReason,
  type NotificationState,
  type ProblemKind,
} from '@onvelope/contracts';
import type { OrderSnapshot } from '../domain/message-content.js';

/**
 * The outbox: one document per message a buyer (or, for a test, the seller) is to get, and the
 * record of what became of it. `queued` → `sent` | `failed` | `suppressed`; decided against at
 * once → `skipped`. The unique (accountId, entryId, milestone) key is the "never twice" rule:
 * however often an event is delivered, a milestone of an order has one document.
 */
export interface NotificationDocument {
  _id: Types.ObjectId;
  accountId: string;
  /** The tracking entry; `test:<random>` for a seller's test. */
  entryId: string;
  milestone: NotificationMilestone;
  problem: ProblemKind | null;
  kind: 'buyer' | 'test';
  to: string | null;
  state: NotificationState;
  reason: NotificationReason | null;
  order: OrderSnapshot;
  attempts: number;
  /** When the sender may next try (queued only). */
  nextAttemptAt: Date | null;
  /** Held by one sender until then; another may take it after (the holder died). */
  leaseUntil: Date | null;
  leaseOwner: string | null;
  lastError: string | null;
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

const notificationSchema = new Schema<NotificationDocument>(
  {
    accountId: { type: String, required: true },
    entryId: { type: String, required: true },
    milestone: { type: String, enum: notificationMilestones, required: true },
    problem: { type: String, enum: [...problemKinds, null], default: null },
    kind: { type: String, enum: ['buyer', 'test'], required: true },
    to: { type: String, default: null },
    state: { type: String, enum: notificationStates, required: true },
    reason: { type: String, enum: [...notificationReasons, null], default: null },
    order: { type: snapshotSchema, required: true },
    attempts: { type: Number, default: 0 },
    nextAttemptAt: { type: Date, default: null },
    leaseUntil: { type: Date, default: null },
    leaseOwner: { type: String, default: null },
    lastError: { type: String, default: null },
    subject: { type: String, default: null },
    createdAt: { type: Date, required: true },
    sentAt: { type: Date, default: null },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'notifications' },
);
notificationSchema.index({ accountId: 1, entryId: 1, milestone: 1 }, { unique: true });
notificationSchema.index({ state: 1, nextAttemptAt: 1 });
notificationSchema.index({ accountId: 1, kind: 1, createdAt: 1 });

export type NotificationModel = Model<NotificationDocument>;

export const notificationModel = (db: Connection): NotificationModel =>
  (db.models.Notification as NotificationModel | undefined) ??
  db.model('Notification', notificationSchema);
