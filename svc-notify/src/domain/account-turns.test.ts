import { describe, expect, it } from 'vitest';
import { accountsInTurn, interleaved } from './account-turns.js';

describe('accountsInTurn', () => {
  it('starts after the account served last and wraps round', () => {
    expect(accountsInTurn(['c', 'a', 'b'], 'a', 3)).toEqual(['b', 'c', 'a']);
    expect(accountsInTurn(['c', 'a', 'b'], 'c', 3)).toEqual(['a', 'b', 'c']);
  });

  it('starts at the first account when none was served or the last one has no work now', () => {
    expect(accountsInTurn(['b', 'a'], undefined, 5)).toEqual(['a', 'b']);
    expect(accountsInTurn(['a', 'c'], 'b', 5)).toEqual(['c', 'a']);
  });

  it('serves at most `room` accounts, and the next claim goes on from there', () => {
    const accounts = ['a', 'b', 'c', 'd', 'e'];
    const first = accountsInTurn(accounts, undefined, 2);
    const second = accountsInTurn(accounts, first.at(-1), 2);
    const third = accountsInTurn(accounts, second.at(-1), 2);
    expect([first, second, third]).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'a'],
    ]);
    expect(accountsInTurn(accounts, undefined, 0)).toEqual([]);
  });
});

describe('interleaved', () => {
  it('takes one of each list in turn', () => {
    expect(interleaved([['a1', 'a2', 'a3'], ['b1'], ['c1', 'c2']])).toEqual([
      'a1',
      'b1',
      'c1',
      'a2',
      'c2',
      'a3',
    ]);
    expect(interleaved([])).toEqual([]);
  });
});
