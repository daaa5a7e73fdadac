import { describe, expect, it } from 'vitest';
import { escapeRegExp } from './text-pattern.js';

describe('escapeRegExp', () => {
  it.each(['a.b*c', '(.*)', 'a\\b', '[x]|^$', 'nul\u0000here', 'tab\there', 'del\u007f'])(
    'matches %j literally and nothing else',
    (text) => {
      const pattern = new RegExp(`^${escapeRegExp(text)}$`);
      expect(pattern.test(text)).toBe(true);
      expect(pattern.test(`${text}x`)).toBe(false);
    },
  );

  it('writes control characters as escapes a BSON regular expression can hold', () => {
    expect(escapeRegExp('a\u0000b')).toBe('a\\x00b');
    expect(escapeRegExp('a\u0000b')).not.toContain('\u0000');
  });
});
