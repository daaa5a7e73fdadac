import { describe, expect, it } from 'vitest';
import { removalTallyOf, statusCountsOf, statusTallyOf } from './status-tally.js';

describe('statusTallyOf', () => {
  it('counts a new entry under the status it is stored with', () => {
    const { deltas, doubtful } = statusTallyOf(
      [
        { move: { from: null, to: 'shipped' }, created: false, replaced: false },
        { move: { from: 'pending', to: 'processing' }, created: true, replaced: false },
        { move: { from: 'pending', to: undefined }, created: true, replaced: false },
      ],
      true,
    );
    expect(deltas).toEqual({ shipped: 1, processing: 1, pending: 1 });
    expect(doubtful).toBe(false);
  });

  it('moves a changed entry from its status before to the one set, and ignores the unchanged', () => {
    const { deltas, doubtful } = statusTallyOf(
      [
        { move: { from: 'pending', to: 'shipped' }, created: false, replaced: false },
        { move: { from: 'shipped', to: 'shipped' }, created: false, replaced: false },
        { move: { from: 'shipped', to: undefined }, created: false, replaced: false },
        { created: false, replaced: false },
      ],
      true,
    );
    expect(deltas).toEqual({ pending: -1, shipped: 1 });
    expect(doubtful).toBe(false);
  });

  it('counts statuses outside the contracts as other', () => {
    expect(
      statusTallyOf(
        [{ move: { from: 'on hold', to: 'pending' }, created: false, replaced: false }],
        true,
      ).deltas,
    ).toEqual({ other: -1, pending: 1 });
  });

  it('is doubtful where the status before is not known, or a guarded write may not have landed', () => {
    const unknownBefore = {
      move: { from: undefined, to: 'shipped' },
      created: false,
      replaced: false,
    };
    const raced = { move: { from: null, to: 'pending' }, created: false, replaced: true };
    const guarded = {
      move: { from: 'pending', to: 'shipped', guarded: true },
      created: false,
      replaced: false,
    };
    expect(statusTallyOf([unknownBefore], true)).toEqual({ deltas: {}, doubtful: true });
    expect(statusTallyOf([guarded], false)).toEqual({ deltas: {}, doubtful: true });
    expect(statusTallyOf([guarded], true).doubtful).toBe(false);
    // An insert that met another writer's entry ran as an update of it: its status before is unknown.
    expect(statusTallyOf([raced], true)).toEqual({ deltas: {}, doubtful: true });
  });
});

describe('removalTallyOf', () => {
  it('takes each deleted entry off its status', () => {
    expect(removalTallyOf(['pending', 'pending', 'weird'])).toEqual({
      deltas: { pending: -2, other: -1 },
      doubtful: false,
    });
  });
});

describe('statusCountsOf', () => {
  it('has every counted status', () => {
    expect(statusCountsOf({ shipped: 2 })).toEqual({
      pending: 0,
      processing: 0,
      shipped: 2,
      partially_shipped: 0,
      delivered: 0,
      cancelled: 0,
      other: 0,
    });
  });
});
