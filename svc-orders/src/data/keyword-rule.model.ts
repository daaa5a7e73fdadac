import type mongoose from 'mongoose';
import { Schema, type InferSchemaType, type Model } from 'mongoose';
import { keywordMatchTypes, keywordRuleActions, type KeywordRule } from '@onvelope/contracts';
import { forAccount } from '@onvelope/service-kit';
import type { KeywordRuleLike } from '../domain/keyword-rules.js';

/** A seller's keyword rule (spec 000 §3): when an order's Items match, add a message or set a status. */
const keywordRuleSchema = new Schema(
  {
    accountId: { type: String, required: true },
    keyword: { type: String, required: true },
    action: { type: String, enum: keywordRuleActions, required: true },
    customMessage: { type: String, default: null },
    matchType: { type: String, enum: keywordMatchTypes, required: true, default: 'contains' },
    caseSensitive: { type: Boolean, required: true, default: false },
  },
  { timestamps: true, collection: 'keyword_rules' },
);

// Rules are listed and evaluated in creation order; `_id` breaks ties within one millisecond.
keywordRuleSchema.index({ accountId: 1, createdAt: 1, _id: 1 });

export type KeywordRuleDocument = InferSchemaType<typeof keywordRuleSchema> & {
  _id: mongoose.Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};

export function keywordRuleModel(db: mongoose.Connection): Model<KeywordRuleDocument> {
  return (db.models.KeywordRule ??
    db.model('KeywordRule', keywordRuleSchema)) as Model<KeywordRuleDocument>;
}

export const ruleOrder = { createdAt: 1, _id: 1 } as const;

function ruleOf(doc: KeywordRuleDocument) {
  return {
    id: String(doc._id),
    keyword: doc.keyword,
    action: doc.action,
    customMessage: doc.customMessage ?? null,
    matchType: doc.matchType,
    caseSensitive: doc.caseSensitive,
  };
}

export function toKeywordRule(doc: KeywordRuleDocument): KeywordRule {
  return {
    ...ruleOf(doc),
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/**
 * The seller's rules in the order `evaluateKeywordRules` expects (creation order). Load them once
 * per import or job, not once per order.
 *
 * @example
 * const rules = await keywordRulesOf(db, accountId);
 * const outcome = evaluateKeywordRules(rules, itemsTextOf(row), new Date());
 */
export async function keywordRulesOf(
  db: mongoose.Connection,
  accountId: string,
): Promise<KeywordRuleLike[]> {
  const docs = await forAccount(keywordRuleModel(db), accountId)
    .find()
    .sort(ruleOrder)
    .lean<KeywordRuleDocument[]>();
  return docs.map(ruleOf);
}
