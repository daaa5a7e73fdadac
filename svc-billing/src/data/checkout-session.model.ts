import { Schema, type Connection, type Model } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';
import type { PlanId } from '../domain/subscription-state.js';

/** A checkout svc-billing started: whose it is, what it sells, and where it returns to. */
export interface CheckoutSessionDocument {
  _id: string;
  accountId: string;
  planId: PlanId;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  /** The trial left when the checkout started: the subscription's first charge waits for it. */
  trialEnd: Date | null;
  /** `expired`: a newer checkout of the same seller replaced it (one open checkout per seller). */
  status: 'open' | 'completed' | 'expired';
  createdAt: Date;
}

const checkoutSessionSchema = new Schema<CheckoutSessionDocument>(
  {
    _id: { type: String, required: true },
    accountId: { type: String, required: true, index: true },
    planId: { type: String, required: true },
    priceId: { type: String, required: true },
    successUrl: { type: String, required: true },
    cancelUrl: { type: String, required: true },
    trialEnd: { type: Date, default: null },
    status: { type: String, required: true, default: 'open' },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'checkout_sessions' },
);

export type CheckoutSessionModel = Model<CheckoutSessionDocument>;
export const checkoutSessionModel = (db: Connection): CheckoutSessionModel =>
  registeredModel(db, 'CheckoutSession', checkoutSessionSchema);
