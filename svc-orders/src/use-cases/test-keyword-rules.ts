import type { Connection } from 'mongoose';
import type { z } from 'zod';
import type { ruleTestResult } from '@onvelope/contracts';
import { keywordRulesOf } from '../data/keyword-rule.model.js';
import { evaluateKeywordRules } from '../domain/keyword-rules.js';

/** The rule test box: what the seller's saved rules would do to an order with this item. */
export async function testKeywordRules(
  db: Connection,
  accountId: string,
  itemName: string,
  now: Date,
): Promise<z.infer<typeof ruleTestResult>> {
  const outcome = evaluateKeywordRules(await keywordRulesOf(db, accountId), itemName, now);
  return {
    appliedRules: outcome.appliedRules,
    finalMessage: outcome.message,
    finalStatus: outcome.status,
    finalDate: outcome.date ? outcome.date.toISOString() : null,
  };
}
