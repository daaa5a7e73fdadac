import { describe, expect, it } from 'vitest';
import {
  bulkProgressText,
  bulkSelectionOf,
  isSelected,
  ruleConfirmText,
  noSelection,
  pageState,
  selectedCount,
  toggleOrder,
  togglePage,
  trackingListTemplate,
} from './bulk-selection.js';
import { defaultTableQuery } from '../shared/table-state.js';

describe('dashboard selection', () => {
  it('ticks and unticks orders one by one', () => {
    const one = toggleOrder(noSelection, '1001');
    expect(selectedCount(one)).toBe(1);
    expect(isSelected(one, '1001')).toBe(true);
    expect(isSelected({ kind: 'matching', total: 3 }, '1002')).toBe(true);
    expect(selectedCount(toggleOrder(one, '1001'))).toBe(0);
  });

  it('ticks the whole page from the header, and unticks it when all were ticked', () => {
    const page = ['1001', '1002'];
    const some = toggleOrder(noSelection, '1001');
    expect(pageState(some, page)).toBe('some');
    const all = togglePage(some, page);
    expect(pageState(all, page)).toBe('all');
    expect(pageState(togglePage(all, page), page)).toBe('none');
  });

  it('names ticked orders by number, and "all matching" by the table filter', () => {
    expect(bulkSelectionOf(toggleOrder(noSelection, '7'), defaultTableQuery)).toEqual({
      kind: 'orders',
      orderNumbers: ['7'],
    });
    expect(bulkSelectionOf({ kind: 'matching', total: 40 }, defaultTableQuery)).toEqual({
      kind: 'matching',
      filter: { status: 'all', omitShipped: true },
    });
  });

  it('starts the tracking list with a line for each ticked order', () => {
    const two = toggleOrder(toggleOrder(noSelection, '1001'), '1002');
    expect(trackingListTemplate(two)).toBe('1001, \n1002, ');
    expect(trackingListTemplate({ kind: 'matching', total: 5 })).toBe('');
  });

  it('says how far a bulk action has got', () => {
    expect(bulkProgressText({ action: 'ship', processed: 200, total: 1000, skipped: 3 })).toBe(
      'Shipping… 200 of 1,000 orders (3 skipped)',
    );
    expect(bulkProgressText({ action: 'delete', processed: 0, total: 1, skipped: 0 })).toBe(
      'Deleting… 0 of 1 order',
    );
  });
});

describe('ruleConfirmText', () => {
  it('says how many of the selected orders the rule would change', () => {
    expect(ruleConfirmText('gift', 1_200, 2)).toBe(
      "Rule 'gift' would change 2 of the 1,200 selected orders. Orders it does not match, or that are shipped, delivered or cancelled, are left as they are.",
    );
    expect(ruleConfirmText('gift', 1, 0)).toMatch(
      /^Rule 'gift' would change none of the selected order\./,
    );
  });
});
