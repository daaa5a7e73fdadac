import { describe, expect, it } from 'vitest';
import { bulkWriteFailuresOf, insertUnlessHeld, isDuplicateKeyError } from './mongo.js';

const duplicate = Object.assign(new Error('E11000'), { code: 11000 });

describe('MongoDB error helpers', () => {
  it('tells a duplicate key from other errors', () => {
    expect(isDuplicateKeyError(duplicate)).toBe(true);
    expect(isDuplicateKeyError({ code: 121 })).toBe(false);
    expect(isDuplicateKeyError(null)).toBe(false);
  });

  it('lists the failed writes of a bulk write, one or many', () => {
    expect(bulkWriteFailuresOf({ writeErrors: { index: 2, code: 11000 } })).toEqual([
      { index: 2, code: 11000 },
    ]);
    expect(
      bulkWriteFailuresOf({
        writeErrors: [
          { index: 0, code: 11000 },
          { index: 3, code: 121 },
        ],
      }),
    ).toHaveLength(2);
    expect(bulkWriteFailuresOf(new Error('network'))).toEqual([]);
  });
});

describe('insertUnlessHeld', () => {
  it('answers the inserted record, or the holder when the key is taken', async () => {
    await expect(
      insertUnlessHeld(
        async () => 'mine',
        async () => null,
      ),
    ).resolves.toEqual({
      record: 'mine',
      inserted: true,
    });
    await expect(
      insertUnlessHeld(
        () => Promise.reject(duplicate),
        async () => 'theirs',
      ),
    ).resolves.toEqual({ record: 'theirs', inserted: false });
  });

  it('inserts again when the holder let go in between, and passes other errors on', async () => {
    let attempts = 0;
    const insert = async () => {
      attempts += 1;
      if (attempts === 1) throw duplicate;
      return 'second try';
    };
    await expect(insertUnlessHeld(insert, async () => null)).resolves.toEqual({
      record: 'second try',
      inserted: true,
    });
    await expect(
      insertUnlessHeld(
        () => Promise.reject(new Error('down')),
        async () => null,
      ),
    ).rejects.toThrow('down');
  });
});
