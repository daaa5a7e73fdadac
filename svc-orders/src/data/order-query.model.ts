import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';
import type { z } from 'zod';
import { orderQueryStatuses, type orderQuery } from '@onvelope/contracts';
import type { OrderQueryStatus } from '../domain/order-query-status.js';

/**
 * A buyer's query to a seller about one order (spec 000 §3 "Order query"). `customerEmailKey` is
 * the lower-cased address the buyer's portal finds it by; `replyCount` lets "resolve only with a
 * reply" be one conditional update.
 */
export interface OrderQueryDocument {
  _id: Types.ObjectId;
  accountId: string;
  entryId: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  customerEmailKey: string;
  subject: string;
  message: string;
  status: OrderQueryStatus;
  items: string | null;
  /**
   * `noticePending`: set with the reply (one write) until svc-notify has been asked to mail it to
   * the buyer (issue 34); the sweep asks for any left set. Absent on replies from before, which
   * svc-orders mailed itself.
   */
  replies: { id: string; message: string; sentAt: Date; noticePending?: boolean }[];
  replyCount: number;
  /**
   * Set with the query (one write, so a query is never stored without it) until svc-notify has
   * been asked to tell the seller (issue 34); a sweep asks for any left set. Absent on queries
   * from before, which are not announced.
   */
  sellerNoticePending?: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const orderQuerySchema = new Schema<OrderQueryDocument>(
  {
    accountId: { type: String, required: true },
    entryId: { type: String, required: true },
    orderNumber: { type: String, required: true },
    customerName: { type: String, default: '' },
    customerEmail: { type: String, required: true },
    customerEmailKey: { type: String, required: true },
    subject: { type: String, required: true },
    message: { type: String, required: true },
    status: { type: String, enum: orderQueryStatuses, required: true, default: 'sent' },
    items: { type: String, default: null },
    replies: {
      type: [
        new Schema(
          {
            id: { type: String, required: true },
            message: { type: String, required: true },
            sentAt: { type: Date, required: true },
            noticePending: { type: Boolean },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    replyCount: { type: Number, required: true, default: 0 },
    sellerNoticePending: { type: Boolean },
  },
  { timestamps: true, collection: 'order_queries' },
);

// The seller's inbox, newest first; the buyer's list by address.
orderQuerySchema.index({ accountId: 1, createdAt: -1, _id: -1 });
orderQuerySchema.index({ customerEmailKey: 1, createdAt: -1 });
// The sweep's queries whose seller notice was not asked for yet (few: normally none).
orderQuerySchema.index({ sellerNoticePending: 1, createdAt: 1 });
// The sweep's queries with a reply whose buyer notice was not asked for yet (normally none).
orderQuerySchema.index({ 'replies.noticePending': 1, updatedAt: 1 });

export type OrderQueryModel = Model<OrderQueryDocument>;
export const orderQueryModel = (db: Connection): OrderQueryModel =>
  registeredModel(db, 'OrderQuery', orderQuerySchema);

export function toOrderQuery(doc: OrderQueryDocument): z.infer<typeof orderQuery> {
  return {
    id: String(doc._id),
    customerName: doc.customerName,
    customerEmail: doc.customerEmail,
    orderNumber: doc.orderNumber,
    subject: doc.subject,
    message: doc.message,
    status: doc.status,
    createdAt: doc.createdAt.toISOString(),
    orderDetails: { items: doc.items },
    replies: doc.replies.map((reply) => ({
      id: reply.id,
      message: reply.message,
      sentAt: reply.sentAt.toISOString(),
    })),
  };
}
