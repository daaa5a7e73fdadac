import type { Connection } from 'mongoose';
import type { z } from 'zod';
import type { rulePreviewResponse } from '@onvelope/contracts';
import { forAccount } from '@onvelope/service-kit';
import { trackingEntryModel } from '../data/tracking-entry.model.js';
import {
  explainMatch,
  itemsTextOf,
  matchedText,
  type KeywordRuleLike,
} from '../domain/keyword-rules.js';
import { escapeRegExp } from '../domain/text-pattern.js';
import type { KeywordRuleInput } from './manage-keyword-rules.js';

export const PREVIEW_SAMPLE_SIZE = 10;

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
  // Every match type needs the keyword somewhere in the text, so this filter lets the database
  // skip orders that cannot match; the rule itself decides for the rest.
  const mayMatch = new RegExp(escapeRegExp(input.keyword), input.caseSensitive ? '' : 'i');
  const cursor = forAccount(trackingEntryModel(db), accountId)
    .find({ $or: [{ items: mayMatch }, { productName: mayMatch }] })
    .select({ orderNumber: 1, items: 1, productName: 1 })
    .sort({ createdAt: -1, _id: -1 })
    .lean<{ orderNumber: string; items?: string | null; productName?: string | null }[]>()
    .cursor({ batchSize: 1_000 });

  let matchCount = 0;
  const sample: z.infer<typeof rulePreviewResponse>['sample'] = [];
  for await (const doc of cursor) {
    const items = itemsTextOf(doc);
    const text = matchedText(rule, items);
    if (text === null) continue;
    matchCount += 1;
    if (sample.length < PREVIEW_SAMPLE_SIZE) {
      sample.push({ orderNumber: doc.orderNumber, items, explanation: explainMatch(rule, text) });
    }
  }
  return { matchCount, sample };
}
