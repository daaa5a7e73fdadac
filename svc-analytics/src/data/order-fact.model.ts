import { Schema, type Connection } from 'mongoose';

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
  version: number;
  changedAt: Date;
  /**
   * Set when the entry was deleted. The fact stays as a tombstone so a change delivered late (from
   * before the deletion) cannot bring it back; rollups count only facts whose deletedAt is null.
   */
  deletedAt: Date | null;
}

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
    version: { type: Number, required: true },
    changedAt: { type: Date, required: true },
    deletedAt: { type: Date, default: null },
  },
  { versionKey: false, collection: 'order_facts' },
);

export const orderFactModel = (db: Connection) => db.model('OrderFact', orderFactSchema);
