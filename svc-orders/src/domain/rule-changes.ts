import type { KeywordRulesOutcome } from './keyword-rules.js';

/** Rule statuses move only these (as in an import): a partially shipped order keeps its status. */
const openStatuses = new Set(['pending', 'processing']);

export interface RuleTouchedEntry {
  status: string;
  keywordMessage?: string | null;
  keywordExplanation?: string | null;
}

export interface RuleChange {
  statusBefore: string;
  statusAfter: string;
  messageBefore: string | null;
  messageAfter: string | null;
  explanationChanged: boolean;
}

/**
 * What the rules' outcome would change on an unshipped order, or null when nothing: the status
 * (only an open order's), and the keyword message and explanation, which belong to the rules (when
 * no rule matches any more, they go).
 *
 * @example
 * ruleChangeOf({ status: 'pending' }, { status: 'shipped', message: null, explanation: "rule 'x' …" })
 * // { statusBefore: 'pending', statusAfter: 'shipped', messageBefore: null, messageAfter: null, explanationChanged: true }
 */
export function ruleChangeOf(
  entry: RuleTouchedEntry,
  outcome: Pick<KeywordRulesOutcome, 'status' | 'message' | 'explanation'>,
): RuleChange | null {
  const statusAfter =
    outcome.status && openStatuses.has(entry.status) ? outcome.status : entry.status;
  const change: RuleChange = {
    statusBefore: entry.status,
    statusAfter,
    messageBefore: entry.keywordMessage ?? null,
    messageAfter: outcome.message,
    explanationChanged: outcome.explanation !== (entry.keywordExplanation ?? null),
  };
  const unchanged =
    change.statusAfter === change.statusBefore &&
    change.messageAfter === change.messageBefore &&
    !change.explanationChanged;
  return unchanged ? null : change;
}
