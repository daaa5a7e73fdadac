import { describe, expect, it } from 'vitest';
import { historyEntryOf, historyNewestFirst, MAX_HISTORY_VALUE_LENGTH } from './order-history.js';

const at = new Date('2026-11-21T10:00:00Z');

describe('historyEntryOf', () => {
  it('records each followed field the write changes, from and to', () => {
    expect(
      historyEntryOf(
        { courier: 'DPD', trackingNumber: 'A1', status: 'shipped' },
        { courier: 'DHL', trackingNumber: 'A1', status: 'shipped', version: 3 } as never,
        'seller',
        at,
      ),
    ).toEqual({ at, by: 'seller', changes: [{ field: 'courier', from: 'DPD', to: 'DHL' }] });
  });

  it('is null when nothing a person follows changed', () => {
    expect(historyEntryOf({ email: 'a@b.c' }, { email: 'a@b.c' }, 'import', at)).toBeNull();
    expect(historyEntryOf({ personalNote: null }, { personalNote: '' }, 'sync', at)).toBeNull();
  });

  it('records clearing a field as a change to null', () => {
    expect(
      historyEntryOf({ trackingUrl: 'https://t' }, { trackingUrl: null }, 'seller', at),
    ).toMatchObject({ changes: [{ field: 'trackingUrl', from: 'https://t', to: null }] });
  });

  it('cuts long values short', () => {
    const entry = historyEntryOf({}, { personalNote: 'x'.repeat(5000) }, 'seller', at);
    expect(entry?.changes[0]?.to).toHaveLength(MAX_HISTORY_VALUE_LENGTH);
  });
});

describe('historyNewestFirst', () => {
  it('shows the stored history newest first with ISO times', () => {
    const older = { at, by: 'import' as const, changes: [] };
    const newer = { at: new Date('2026-11-22T10:00:00Z'), by: 'carrier' as const, changes: [] };
    expect(historyNewestFirst([older, newer]).map((entry) => entry.by)).toEqual([
      'carrier',
      'import',
    ]);
    expect(historyNewestFirst(null)).toEqual([]);
  });
});
