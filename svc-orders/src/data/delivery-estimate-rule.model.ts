import type mongoose from 'mongoose';
import { Schema, type InferSchemaType, type Model } from 'mongoose';
import { defaultDeliveryEstimateRule, type DeliveryEstimateRule } from '@onvelope/contracts';
import { forAccount, registeredModel } from '@onvelope/service-kit/mongo';

/** A seller's own delivery estimate (issue 33): one document an account, saved whole. */
const deliveryEstimateRuleSchema = new Schema(
  {
    accountId: { type: String, required: true, unique: true },
    processingDays: { type: Number, required: true },
    domesticTransitDays: { type: Number, required: true },
    internationalTransitDays: { type: Number, required: true },
    lanes: {
      type: [
        {
          _id: false,
          country: { type: String, required: true },
          carrier: { type: String, default: null },
          transitDays: { type: Number, required: true },
        },
      ],
      default: [],
    },
  },
  { timestamps: true, collection: 'delivery_estimate_rules' },
);

export type DeliveryEstimateRuleDocument = InferSchemaType<typeof deliveryEstimateRuleSchema>;

export function deliveryEstimateRuleModel(
  db: mongoose.Connection,
): Model<DeliveryEstimateRuleDocument> {
  return registeredModel<DeliveryEstimateRuleDocument>(
    db,
    'DeliveryEstimateRule',
    deliveryEstimateRuleSchema,
  );
}

/** The seller's saved rule, or the defaults (`saved: false`) while they have saved none. */
export async function deliveryEstimateRuleOf(
  db: mongoose.Connection,
  accountId: string,
): Promise<{ rule: DeliveryEstimateRule; saved: boolean }> {
  const doc = await forAccount(deliveryEstimateRuleModel(db), accountId).findOne().lean();
  if (!doc) return { rule: defaultDeliveryEstimateRule, saved: false };
  return {
    rule: {
      processingDays: doc.processingDays,
      domesticTransitDays: doc.domesticTransitDays,
      internationalTransitDays: doc.internationalTransitDays,
      lanes: doc.lanes.map((lane) => ({
        country: lane.country,
        carrier: lane.carrier ?? null,
        transitDays: lane.transitDays,
      })),
    },
    saved: true,
  };
}

/** Replaces the seller's rule with `rule` in one write. */
export async function saveDeliveryEstimateRuleOf(
  db: mongoose.Connection,
  accountId: string,
  rule: DeliveryEstimateRule,
): Promise<void> {
  await forAccount(deliveryEstimateRuleModel(db), accountId).updateOne(
    {},
    { $set: rule },
    { upsert: true },
  );
}
