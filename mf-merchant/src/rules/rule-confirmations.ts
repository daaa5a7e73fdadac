import type { RuleApplyPreview } from '@onvelope/contracts';
import { formatCount as count, statusLabel } from '../shared/display-format.js';

const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? '' : 's'}`;

/** What a confirmation dialog of the rule manager says: its title, lines, and confirm button. */
export interface RuleConfirmationText {
  title: string;
  /** The lead sentence. */
  summary: string;
  /** One line per kind of change (apply only). */
  details: string[];
  /** A line to read twice, or null. */
  warning: string | null;
  /** The confirm button's words; null when there is nothing to confirm (only Cancel shows). */
  confirmLabel: string | null;
}

/**
 * "Apply rules to existing orders" changes many orders in one click, so the manager first says
 * how many would change and how (the service's read-only preview), and asks.
 *
 * @example applyConfirmation({ rules: 2, examined: 40, changed: 3, statusChanges: [{ from: 'pending', to: 'shipped', count: 3 }], ... })
 * // { summary: 'Your 2 rules would change 3 of your 40 unshipped orders:', details: ['3 from Pending to Shipped'], confirmLabel: 'Apply to 3 orders', ... }
 */
export function applyConfirmation(preview: RuleApplyPreview): RuleConfirmationText {
  const title = 'Apply rules to existing orders?';
  const rules = plural(preview.rules, 'rule');
  if (preview.changed === 0) {
    return {
      title,
      summary: `Nothing to change: your ${rules} already gave your ${plural(preview.examined, 'unshipped order')} their messages and statuses.`,
      details: [],
      warning: null,
      confirmLabel: null,
    };
  }
  const details = [
    ...preview.statusChanges.map(
      (line) => `${count(line.count)} from ${statusLabel(line.from)} to ${statusLabel(line.to)}`,
    ),
    preview.messagesSet > 0 && `${count(preview.messagesSet)} get a new or changed message`,
    preview.messagesRemoved > 0 &&
      `${count(preview.messagesRemoved)} lose a message that no rule gives any more`,
    preview.explanationsOnly > 0 &&
      `${count(preview.explanationsOnly)} only get a new explanation of why`,
  ].filter((line): line is string => typeof line === 'string');
  const markedShipped = preview.statusChanges
    .filter((line) => line.to === 'shipped')
    .reduce((sum, line) => sum + line.count, 0);
  return {
    title,
    summary: `Your ${rules} would change ${count(preview.changed)} of your ${plural(preview.examined, 'unshipped order')}:`,
    details,
    warning:
      markedShipped > 0
        ? `${plural(markedShipped, 'order')} would be marked shipped by a rule, with no courier or tracking number.`
        : null,
    confirmLabel: `Apply to ${plural(preview.changed, 'order')}`,
  };
}

/** One sample order of the preview: "R-1: Pending → Shipped, message “Gift wrapped”". */
export function sampleLine(sample: RuleApplyPreview['sample'][number]): string {
  const parts = [
    sample.statusAfter !== sample.statusBefore
      ? `${statusLabel(sample.statusBefore)} → ${statusLabel(sample.statusAfter)}`
      : statusLabel(sample.statusAfter),
    sample.messageAfter ? `message “${sample.messageAfter}”` : 'no rule message',
  ];
  return `${sample.orderNumber}: ${parts.join(', ')}`;
}

/** Deleting one rule: what stays on orders it already changed. */
export function deleteConfirmation(keyword: string): RuleConfirmationText {
  return {
    title: `Delete rule “${keyword}”?`,
    summary:
      'New orders will no longer get its message or status. Orders it already changed keep them until you apply the rules again.',
    details: [],
    warning: null,
    confirmLabel: 'Delete rule',
  };
}

/** "Clear all rules" (DELETE /api/keyword-rules/clear-all, spec 000 §7). */
export function clearAllConfirmation(ruleCount: number): RuleConfirmationText {
  return {
    title: 'Clear all rules?',
    summary: `All ${plural(ruleCount, 'rule')} will be deleted. New orders will get no rule messages or statuses; orders already changed keep theirs until you apply the rules again.`,
    details: [],
    warning: null,
    confirmLabel: 'Clear all rules',
  };
}
