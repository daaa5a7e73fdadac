import { describe, expect, it } from 'vitest';
import { subjectToken } from './messaging.js';

describe('subjectToken', () => {
  it('keeps ids the product makes as they are, so stored subjects keep their names', () => {
    expect(subjectToken('3f2b1c9e-7a41-4d0e-9c55-0b8a1e2f4d6a')).toBe(
      '3f2b1c9e-7a41-4d0e-9c55-0b8a1e2f4d6a',
    );
    expect(subjectToken('acct_A-1')).toBe('acct_A-1');
  });

  it('turns anything that would break or widen a subject into one safe token', () => {
    for (const id of ['bench first sync, 1 worker', 'a.b', '*', '>', 'tab\there', 'café', '']) {
      const token = subjectToken(id);
      expect(token).toMatch(/^~[0-9a-f]*$/);
    }
    expect(subjectToken('a.b')).toBe('~612e62');
  });

  it('never gives two ids the same token', () => {
    const ids = ['a.b', 'a b', '~612e62', '612e62', 'a,b', 'A.B'];
    expect(new Set(ids.map(subjectToken)).size).toBe(ids.length);
  });
});
