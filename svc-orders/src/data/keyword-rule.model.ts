import type mongoose from 'mongoose';
import { Schema, type InferSchemaType, type Model } from 'mongoose';
import {
  keywordMatchTypes,
  keywordRuleActions,
  ruleConditionFields,
  ruleConditionList,
  ruleMatchModes,
  type KeywordRule,
} from '@onvelope/contracts';
import { forAccount, registeredModel } from '@onvelope/service-kit/mongo';
import type { KeywordRuleLike } from '../domain/keyword-rules.js';

/**
 * One condition as the contract validated it (`ruleCondition`): `value` for text and the total,
 * `values` for country and status.
 */
const conditionSchema = new Schema(
  {
    field: { type: String, enum: ruleConditionFields, required: true },
    operator: { type: String, required: true },
    value: { type: Schema.Types.Mixed },
    values: { type: [String], default: undefined },
  },
  { _id: false },
);

/**
 * A seller's keyword rule (spec 000 §3): when an order's Items match, add a message or set a
 * status. It may test other fields of the order too, or instead (`conditions`, issue 38 item 7);
 * rules saved before that have neither field and are their keyword alone.
 */
const keywordRuleSchema = new Schema(
  {
    accountId: { type: String, required: true },
    // Blank for a rule of conditions alone; mongoose's `required` would refuse ''.
    keyword: { type: String, default: '' },
    action: { type: String, enum: keywordRuleActions, required: true },
    customMessage: { type: String, default: null },
    matchType: { type: String, enum: keywordMatchTypes, required: true, default: 'contains' },
    caseSensitive: { type: Boolean, required: true, default: false },
    conditions: { type: [conditionSchema], default: undefined },
    match: { type: String, enum: ruleMatchModes },
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
  return registeredModel<KeywordRuleDocument>(db, 'KeywordRule', keywordRuleSchema);
}

export const ruleOrder = { createdAt: 1, _id: 1 } as const;

function ruleOf(doc: KeywordRuleDocument) {
  return {
    id: String(doc._id),
    keyword: doc.keyword ?? '',
    action: doc.action,
    customMessage: doc.customMessage ?? null,
    matchType: doc.matchType,
    caseSensitive: doc.caseSensitive,
    // Stored as the contract validated them; read back through it to have their types again.
    conditions: ruleConditionList.parse(doc.conditions ?? []),
    match: doc.match ?? 'all',
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
 * const outcome = evaluateKeywordRules(rules, ruleSubjectOf(row), new Date());
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
