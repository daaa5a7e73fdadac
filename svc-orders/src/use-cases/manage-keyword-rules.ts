import mongoose, { type Connection } from 'mongoose';
import type { KeywordRule, keywordRuleInput } from '@onvelope/contracts';
import { badRequest, notFound } from '@onvelope/service-kit/errors';
import { forAccount } from '@onvelope/service-kit/mongo';
import type { z } from 'zod';
import {
  keywordRuleModel,
  ruleOrder,
  toKeywordRule,
  type KeywordRuleDocument,
} from '../data/keyword-rule.model.js';

export type KeywordRuleInput = z.infer<typeof keywordRuleInput>;

/** Every rule is evaluated against every imported order; this keeps an import's cost bounded. */
export const MAX_RULES_PER_ACCOUNT = 500;

export const ruleMessages = {
  notFound: 'Keyword rule not found',
  tooMany: `You can have at most ${MAX_RULES_PER_ACCOUNT} keyword rules`,
} as const;

const rulesOf = (db: Connection, accountId: string) => forAccount(keywordRuleModel(db), accountId);

// Only add_message needs a message; for the status actions an empty one means "use the default".
function fieldsOf(input: KeywordRuleInput) {
  return {
    keyword: input.keyword,
    action: input.action,
    customMessage: input.customMessage?.trim() || null,
    matchType: input.matchType,
    caseSensitive: input.caseSensitive,
    conditions: input.conditions,
    match: input.match,
  };
}

export async function listKeywordRules(db: Connection, accountId: string): Promise<KeywordRule[]> {
  const docs = await rulesOf(db, accountId).find().sort(ruleOrder).lean<KeywordRuleDocument[]>();
  return docs.map(toKeywordRule);
}

export async function createKeywordRule(
  db: Connection,
  accountId: string,
  input: KeywordRuleInput,
): Promise<KeywordRule> {
  if ((await rulesOf(db, accountId).countDocuments()) >= MAX_RULES_PER_ACCOUNT) {
    throw badRequest(ruleMessages.tooMany);
  }
  // forAccount's create wants the generated fields (_id, timestamps) too; the account is set here.
  const created = await keywordRuleModel(db).create({ ...fieldsOf(input), accountId });
  return toKeywordRule(created.toObject());
}

export async function updateKeywordRule(
  db: Connection,
  accountId: string,
  id: string,
  input: KeywordRuleInput,
): Promise<KeywordRule> {
  // An id that is not an ObjectId names no rule: 404, like another seller's id.
  if (!mongoose.isValidObjectId(id)) throw notFound(ruleMessages.notFound);
  const updated = await rulesOf(db, accountId)
    .findOneAndUpdate({ _id: id }, { $set: fieldsOf(input) })
    .lean<KeywordRuleDocument>();
  if (!updated) throw notFound(ruleMessages.notFound);
  return toKeywordRule(updated);
}

export async function deleteKeywordRule(db: Connection, accountId: string, id: string) {
  if (!mongoose.isValidObjectId(id)) throw notFound(ruleMessages.notFound);
  const { deletedCount } = await rulesOf(db, accountId).deleteOne({ _id: id });
  if (!deletedCount) throw notFound(ruleMessages.notFound);
  return { message: 'Keyword rule deleted', deletedCount };
}

export async function clearKeywordRules(db: Connection, accountId: string) {
  const { deletedCount } = await rulesOf(db, accountId).deleteMany();
  return {
    message: `Deleted ${deletedCount} keyword rule${deletedCount === 1 ? '' : 's'}`,
    deletedCount,
  };
}
