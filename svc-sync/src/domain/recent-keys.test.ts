import { describe, expect, it } from 'vitest';
import { RecentKeys } from './recent-keys.js';

describe('RecentKeys', () => {
  it('remembers the keys added, up to its limit', () => {
    const keys = new RecentKeys(3);
    for (const key of ['a', 'b', 'c']) keys.add(key);
    expect(['a', 'b', 'c', 'd'].map((key) => keys.has(key))).toEqual([true, true, true, false]);
  });

  it('forgets the key added longest ago first, a key added again counting as new', () => {
    const keys = new RecentKeys(2);
    keys.add('a');
    keys.add('b');
    keys.add('a');
    keys.add('c');
    expect(['a', 'b', 'c'].map((key) => keys.has(key))).toEqual([true, false, true]);
  });
});
