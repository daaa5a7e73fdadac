import type { Connection } from 'mongoose';
import type { RuleApplyPreview } from '@onvelope/contracts';
import { forAccount } from '@onvelope/service-kit/mongo';
import { keywordRulesOf } from '../data/keyword-rule.model.js';
import { trackingEntryModel } from '../data/tracking-entry.model.js';
import type { KeywordRuleLike } from '../domain/keyword-rules.js';
import { escapeRegExp } from '../domain/text-pattern.js';
import { ruleChangesTo, unsettledOrders, type RuleTouchedEntry } from './apply-keyword-rules.js';

export const APPLY_PREVIEW_SAMPLE_SIZE = 5;

type Candidate = RuleTouchedEntry & { orderNumber: string };

/**
 * One pattern per case mode that matches any rule's keyword literally: every match type needs the
 * keyword somewhere in the text, so an order neither pattern finds cannot match any rule.
 */
function keywordPatterns(rules: readonly KeywordRuleLike[]): RegExp[] {
  const alternation = (caseSensitive: boolean) =>
    rules
      .filter((rule) => (rule.caseSensitive ?? false) === caseSensitive && rule.keyword.trim())
      .map((rule) => escapeRegExp(rule.keyword.trim()))
      .join('|');
  const patterns: RegExp[] = [];
  const sensitive = alternation(true);
  const insensitive = alternation(false);
  if (sensitive) patterns.push(new RegExp(sensitive));
  if (insensitive) patterns.push(new RegExp(insensitive, 'i'));
  return patterns;
}

/**
 * GET /api/keyword-rules/apply-preview: what "Apply rules to existing orders" would change now, on
 * the caller's unshipped orders, worked out as the apply job does but without writing. Only the
 * orders a rule may match or that carry a rule's message or explanation are read (every unsettled
 * order when a rule's conditions can match without its keyword): any other order would not change.
 */
export async function previewRuleApply(
  db: Connection,
  accountId: string,
  now = new Date(),
): Promise<RuleApplyPreview> {
  const rules = await keywordRulesOf(db, accountId);
  const orders = forAccount(trackingEntryModel(db), accountId);
  const mayChange = [
    { keywordMessage: { $ne: null } },
    { keywordExplanation: { $ne: null } },
    ...keywordPatterns(rules).flatMap((pattern) => [{ items: pattern }, { productName: pattern }]),
  ];
  // A rule whose conditions can hold without its keyword (none, or `any`) may match any order.
  const matchesWithoutKeyword = rules.some(
    (rule) => rule.conditions?.length && (!rule.keyword.trim() || rule.match === 'any'),
  );
  const examined = await orders.countDocuments(unsettledOrders);
  const cursor = orders
    .find(matchesWithoutKeyword ? unsettledOrders : { ...unsettledOrders, $or: mayChange })
    .select({
      orderNumber: 1,
      status: 1,
      shippedAt: 1,
      statusRule: 1,
      items: 1,
      productName: 1,
      keywordMessage: 1,
      keywordExplanation: 1,
      // What rules' conditions test (`ruleSubjectOf`).
      firstName: 1,
      lastName: 1,
      customerName: 1,
      email: 1,
      shippingCountry: 1,
      courier: 1,
      orderTotal: 1,
    })
    .sort({ createdAt: -1, _id: -1 })
    .lean<Candidate[]>()
    .cursor({ batchSize: 1_000 });

  const preview: RuleApplyPreview = {
    rules: rules.length,
    examined,
    changed: 0,
    statusChanges: [],
    messagesSet: 0,
    messagesRemoved: 0,
    explanationsOnly: 0,
    sample: [],
  };
  const statusCounts = new Map<string, RuleApplyPreview['statusChanges'][number]>();
  try {
    for await (const entry of cursor) {
      const set = ruleChangesTo(entry, rules, now);
      if (!set) continue;
      const change = {
        statusBefore: entry.status,
        statusAfter: set.status ?? entry.status,
        messageBefore: entry.keywordMessage ?? null,
        messageAfter: set.keywordMessage ?? null,
      };
      preview.changed += 1;
      const statusMoves = change.statusAfter !== change.statusBefore;
      if (statusMoves) {
        const key = `${change.statusBefore}→${change.statusAfter}`;
        const line = statusCounts.get(key) ?? {
          from: change.statusBefore,
          to: change.statusAfter,
          count: 0,
        };
        line.count += 1;
        statusCounts.set(key, line);
      }
      const messageMoves = change.messageAfter !== change.messageBefore;
      if (messageMoves && change.messageAfter !== null) preview.messagesSet += 1;
      if (messageMoves && change.messageAfter === null) preview.messagesRemoved += 1;
      if (!statusMoves && !messageMoves) preview.explanationsOnly += 1;
      if (preview.sample.length < APPLY_PREVIEW_SAMPLE_SIZE) {
        preview.sample.push({
          orderNumber: entry.orderNumber,
          statusBefore: change.statusBefore,
          statusAfter: change.statusAfter,
          messageAfter: change.messageAfter,
        });
      }
    }
  } finally {
    await cursor.close();
  }
  preview.statusChanges = [...statusCounts.values()].sort((a, b) => b.count - a.count);
  return preview;
}
