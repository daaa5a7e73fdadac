import { describe, expect, it } from 'vitest';
import { describeSelection, selectionQueryOf } from './bulk-selection.js';

describe('describeSelection', () => {
  it('names the ticked orders by how many, without repeats', () => {
    expect(describeSelection({ kind: 'orders', orderNumbers: ['1', '2', '2'] })).toBe(
      'the 2 orders ticked',
    );
    expect(describeSelection({ kind: 'orders', orderNumbers: ['1'] })).toBe('the order ticked');
  });

  it('names the filter, or the search term', () => {
    expect(
      describeSelection({ kind: 'matching', filter: { status: 'all', omitShipped: true } }),
    ).toBe('all orders matching any status, shipped hidden');
    expect(
      describeSelection({
        kind: 'matching',
        filter: { status: 'pending', omitShipped: true, q: 'ada' },
      }),
    ).toBe("all orders the search 'ada' finds (status pending)");
  });
});

describe('selectionQueryOf', () => {
  it("reads ticked order numbers by the seller's own order keys", () => {
    const query = selectionQueryOf('seller-a', { kind: 'orders', orderNumbers: ['1', '1'] });
    expect(query).toEqual({ orderKey: { $in: [expect.stringContaining('seller-a')] } });
  });

  it('finds nothing for a search term that can find nothing', () => {
    const query = selectionQueryOf('seller-a', {
      kind: 'matching',
      filter: { status: 'all', omitShipped: true, q: '\u0001' },
    });
    expect(query).toEqual({ _id: { $in: [] } });
  });
});
