import { Schema, type Connection, type Model } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';
import type { FactItem } from '../domain/rollup.js';

/**
 * What analytics knows of one tracking entry, kept from the orders events. Rollups are computed
 * from these facts, so applying the same event twice can never count an order twice.
 */
export interface OrderFact {
  _id: string;
  accountId: string;
  orderNumber: string;
  status: string;
  source: string;
  orderDate: Date | null;
  shippingCountry: string | null;
  itemTotal: number | null;
  /**
   * The ISO 4217 code of `itemTotal` and the item prices (event version 4); null when the order
   * came without one or the event is older. Amounts of different currencies are never added.
   */
  currency: string | null;
  items: FactItem[];
  customerEmail: string | null;
  customerName: string | null;
  courier: string | null;
  shippedAt: Date | null;
  /**
   * What the tracking provider said of the shipment (event version 3; null before it or while the
   * carrier has said nothing): the tracking number, the carrier's status, when it delivered, its
   * latest estimate, and the first estimate it gave for this tracking number, which the on-time
   * share is measured against (the carrier moves its estimate as the parcel goes, until it is the
   * delivery itself).
   */
  trackingNumber: string | null;
  carrierStatus: string | null;
  deliveredAt: Date | null;
  estimatedDeliveryAt: Date | null;
  firstEstimatedDeliveryAt: Date | null;
  version: number;
  /**
   * `entryId:version`, unique: a change is written only over the revision it was read at (see
   * `recordTrackingEntryChanges`), with a one-field filter every server answers from an index.
   */
  revision: string;
  changedAt: Date;
  /** When the first change analytics knows of was made: the order's day when it has no order date. */
  firstSeenAt: Date;
  /**
   * Set when the entry was deleted. The fact stays as a tombstone so a change delivered late (from
   * before the deletion) cannot bring it back; rollups count only facts whose deletedAt is null.
   */
  deletedAt: Date | null;
}

const factItemSchema = new Schema<FactItem>(
  {
    name: { type: String, required: true },
    imageUrl: { type: String, default: null },
    quantity: { type: Number, required: true },
    price: { type: Number, default: null },
  },
  { _id: false },
);

const orderFactSchema = new Schema<OrderFact>(
  {
    _id: { type: String, required: true },
    accountId: { type: String, required: true, index: true },
    orderNumber: { type: String, required: true },
    status: { type: String, required: true },
    source: { type: String, required: true },
    orderDate: { type: Date, default: null },
    shippingCountry: { type: String, default: null },
    itemTotal: { type: Number, default: null },
    currency: { type: String, default: null },
    items: { type: [factItemSchema], default: [] },
    customerEmail: { type: String, default: null },
    customerName: { type: String, default: null },
    courier: { type: String, default: null },
    shippedAt: { type: Date, default: null },
    trackingNumber: { type: String, default: null },
    carrierStatus: { type: String, default: null },
    deliveredAt: { type: Date, default: null },
    estimatedDeliveryAt: { type: Date, default: null },
    firstEstimatedDeliveryAt: { type: Date, default: null },
    version: { type: Number, required: true },
    revision: { type: String, required: true, unique: true },
    changedAt: { type: Date, required: true },
    firstSeenAt: { type: Date, required: true },
    deletedAt: { type: Date, default: null },
  },
  { versionKey: false, collection: 'order_facts' },
);

export const revisionOf = (entryId: string, version: number) => `${entryId}:${version}`;

export type OrderFactModel = Model<OrderFact>;

export const orderFactModel = (db: Connection): OrderFactModel =>
  registeredModel(db, 'OrderFact', orderFactSchema);
