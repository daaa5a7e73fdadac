import { describe, expect, it } from 'vitest';
import { hashSeed, Random } from './random.js';

describe('hashSeed', () => {
  it('gives the seeds the simulators have always derived (seeded stores and lives stay the same)', () => {
    expect(hashSeed(7, 'order', 42)).toBe(4173391017);
    expect(hashSeed('')).toBe(1572119809);
    expect(hashSeed('EZ4000000004')).toBe(842174034);
  });

  it('tells apart parts that only join to the same text', () => {
    expect(hashSeed('ab', 'c')).not.toBe(hashSeed('a', 'bc'));
  });
});

describe('Random', () => {
  it('draws the same sequence from the same seed as before it moved here', () => {
    const random = new Random(hashSeed(7, 'order', 42));
    expect([
      random.next(),
      random.int(1, 6),
      random.chance(0.5),
      random.pick(['a', 'b', 'c']),
      random.weighted([
        ['x', 1],
        ['y', 3],
      ] as const),
      random.letters(4),
      random.digits(6),
    ]).toEqual([0.3074266007170081, 5, true, 'b', 'x', 'XCUW', '440131']);
    const other = new Random(12345);
    expect(other.sample(['a', 'b', 'c', 'd', 'e'], 3)).toEqual(['e', 'b', 'c']);
    expect(other.sample([1, 2], 5)).toEqual([2, 1]);
  });

  it('keeps int within both bounds and next within [0, 1)', () => {
    const random = new Random(1);
    for (let i = 0; i < 1_000; i += 1) {
      const value = random.int(3, 5);
      expect(value).toBeGreaterThanOrEqual(3);
      expect(value).toBeLessThanOrEqual(5);
      const float = random.next();
      expect(float).toBeGreaterThanOrEqual(0);
      expect(float).toBeLessThan(1);
    }
  });

  it('samples distinct items and refuses to pick from an empty list', () => {
    const picked = new Random(9).sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(picked).size).toBe(4);
    expect(() => new Random(9).pick([])).toThrow('pick from an empty list');
  });
});
