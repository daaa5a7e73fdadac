import type { RuleApplyPreview } from '@onvelope/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyConfirmation,
  clearAllConfirmation,
  deleteConfirmation,
  sampleLine,
} from './rule-confirmations.js';

const nothingChanges: RuleApplyPreview = {
  rules: 1,
  examined: 1,
  changed: 0,
  statusChanges: [],
  messagesSet: 0,
  messagesRemoved: 0,
  explanationsOnly: 0,
  sample: [],
};

describe('rule confirmations', () => {
  it('says how many orders applying would change, how, and warns of orders marked shipped', () => {
    expect(
      applyConfirmation({
        ...nothingChanges,
        rules: 3,
        examined: 12_500,
        changed: 1_203,
        statusChanges: [
          { from: 'pending', to: 'shipped', count: 1_000 },
          { from: 'processing', to: 'pending', count: 1 },
        ],
        messagesSet: 200,
        messagesRemoved: 2,
        explanationsOnly: 1,
      }),
    ).toEqual({
      title: 'Apply rules to existing orders?',
      summary: 'Your 3 rules would change 1,203 of your 12,500 unshipped orders:',
      details: [
        '1,000 from Pending to Shipped',
        '1 from Processing to Pending',
        '200 get a new or changed message',
        '2 lose a message that no rule gives any more',
        '1 only get a new explanation of why',
      ],
      warning:
        '1,000 orders would be marked shipped by a rule, with no courier or tracking number.',
      confirmLabel: 'Apply to 1,203 orders',
    });
  });

  it('leaves out the kinds of change that do not happen, and the warning when none is shipped', () => {
    expect(applyConfirmation({ ...nothingChanges, changed: 1, messagesSet: 1 })).toMatchObject({
      summary: 'Your 1 rule would change 1 of your 1 unshipped order:',
      details: ['1 get a new or changed message'],
      warning: null,
      confirmLabel: 'Apply to 1 order',
    });
  });

  it('offers nothing to confirm when no order would change', () => {
    expect(applyConfirmation({ ...nothingChanges, rules: 0, examined: 4 })).toMatchObject({
      summary:
        'Nothing to change: your 0 rules already gave your 4 unshipped orders their messages and statuses.',
      details: [],
      confirmLabel: null,
    });
  });

  it('describes a sample order by its status move and its message', () => {
    expect(
      sampleLine({
        orderNumber: 'R-1',
        statusBefore: 'pending',
        statusAfter: 'shipped',
        messageAfter: 'Sent by email',
      }),
    ).toBe('R-1: Pending → Shipped, message “Sent by email”');
    expect(
      sampleLine({
        orderNumber: 'R-2',
        statusBefore: 'partially_shipped',
        statusAfter: 'partially_shipped',
        messageAfter: null,
      }),
    ).toBe('R-2: Partially shipped, no rule message');
  });

  it('names the rule to delete and counts the rules to clear', () => {
    expect(deleteConfirmation('gift')).toMatchObject({
      title: 'Delete rule “gift”?',
      confirmLabel: 'Delete rule',
    });
    expect(clearAllConfirmation(1).summary).toMatch(/^All 1 rule will be deleted\./);
    expect(clearAllConfirmation(7)).toMatchObject({
      title: 'Clear all rules?',
      confirmLabel: 'Clear all rules',
    });
  });
});
