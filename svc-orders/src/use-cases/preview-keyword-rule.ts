import type { Connection } from 'mongoose';
import type { z } from 'zod';
import type { rulePreviewResponse } from '@onvelope/contracts';
import { forAccount } from '@onvelope/service-kit/mongo';
import { trackingEntryModel } from '../data/tracking-entry.model.js';
import {
  explainRule,
  ruleReasons,
  ruleSubjectOf,
  type KeywordRuleLike,
} from '../domain/keyword-rules.js';
import type { RuleSubjectFields } from '../domain/rule-conditions.js';
import { escapeRegExp } from '../domain/text-pattern.js';
import type { KeywordRuleInput } from './manage-keyword-rules.js';

export const PREVIEW_SAMPLE_SIZE = 10;

/** What of an order the preview reads: its number and whatever a rule may test. */
const previewFields = {
  orderNumber: 1,
  items: 1,
  productName: 1,
  firstName: 1,
  lastName: 1,
  customerName: 1,
  email: 1,
  shippingCountry: 1,
  courier: 1,
  status: 1,
  orderTotal: 1,
} as const;

/**
 * The orders the database may skip: when the keyword must hold (a keyword rule, or one whose
 * conditions must all hold too), every match type needs the keyword somewhere in the text; a rule
 * of conditions alone, or matching any, reads every order and decides itself.
 */
function mayMatchOf(input: KeywordRuleInput) {
  const mustHoldKeyword = input.keyword && (input.match === 'all' || !input.conditions.length);
  if (!mustHoldKeyword) return {};
  const mayMatch = new RegExp(escapeRegExp(input.keyword), input.caseSensitive ? '' : 'i');
  return { $or: [{ items: mayMatch }, { productName: mayMatch }] };
}

/**
 * Which of the seller's orders (all of them, shipped or not) a rule not saved yet would match: the
 * count, and the newest ten with the reason each matched.
 */
export async function previewKeywordRule(
  db: Connection,
  accountId: string,
  input: KeywordRuleInput,
): Promise<z.infer<typeof rulePreviewResponse>> {
  const rule: KeywordRuleLike = { id: 'preview', ...input };
  const cursor = forAccount(trackingEntryModel(db), accountId)
    .find(mayMatchOf(input))
    .select(previewFields)
    .sort({ createdAt: -1, _id: -1 })
    .lean<(RuleSubjectFields & { orderNumber: string })[]>()
    .cursor({ batchSize: 1_000 });

  let matchCount = 0;
  const sample: z.infer<typeof rulePreviewResponse>['sample'] = [];
  for await (const doc of cursor) {
    const subject = ruleSubjectOf(doc);
    const reasons = ruleReasons(rule, subject);
    if (reasons === null) continue;
    matchCount += 1;
    if (sample.length < PREVIEW_SAMPLE_SIZE) {
      sample.push({
        orderNumber: doc.orderNumber,
        items: subject.items ?? null,
        explanation: explainRule(rule, reasons),
      });
    }
  }
  return { matchCount, sample };
}
