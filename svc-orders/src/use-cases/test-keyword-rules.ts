import type { Connection } from 'mongoose';
import type { z } from 'zod';
import type { ruleTestRequest, ruleTestResult } from '@onvelope/contracts';
import { keywordRulesOf } from '../data/keyword-rule.model.js';
import { evaluateKeywordRules } from '../domain/keyword-rules.js';

/**
 * The rule test box: what the seller's saved rules would do to an order with this item (and, for
 * rules with conditions, the buyer, country, courier, status and total the seller gave).
 */
export async function testKeywordRules(
  db: Connection,
  accountId: string,
  { itemName, order = {} }: z.infer<typeof ruleTestRequest>,
  now: Date,
): Promise<z.infer<typeof ruleTestResult>> {
  const outcome = evaluateKeywordRules(
    await keywordRulesOf(db, accountId),
    {
      items: itemName,
      buyerName: order.buyerName ?? null,
      email: order.buyerEmail ?? null,
      country: order.country ?? null,
      courier: order.courier ?? null,
      status: order.status ?? null,
      total: order.total ?? null,
    },
    now,
  );
  return {
    appliedRules: outcome.appliedRules,
    finalMessage: outcome.message,
    finalStatus: outcome.status,
    finalDate: outcome.date ? outcome.date.toISOString() : null,
  };
}
