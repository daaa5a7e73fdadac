import { Schema, type Connection, type Model } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';

/** A Stripe event handled once: a replay of the same id changes nothing. */
export interface StripeEventDocument {
  _id: string;
  type: string;
  /** What handling it did: applied, or why it changed nothing. */
  outcome: string;
  receivedAt: Date;
}

const stripeEventSchema = new Schema<StripeEventDocument>(
  {
    _id: { type: String, required: true },
    type: { type: String, required: true },
    outcome: { type: String, required: true },
    receivedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'stripe_events' },
);

export type StripeEventModel = Model<StripeEventDocument>;
export const stripeEventModel = (db: Connection): StripeEventModel =>
  registeredModel(db, 'StripeEvent', stripeEventSchema);
