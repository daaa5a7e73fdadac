import { describe, expect, it } from 'vitest';
import { headerText } from './header-text.js';

describe('headerText', () => {
  it('turns CR, LF and other control characters into one space, so no header can be added', () => {
    expect(headerText('1001\r\nBcc: x@evil.test')).toBe('1001 Bcc: x@evil.test');
    expect(headerText('A\u0000B\u2028C\tD')).toBe('A B C D');
  });

  it('removes the bidirectional overrides that would show a subject in another order', () => {
    expect(headerText('Refund \u202egpj.exe\u202c now')).toBe('Refund gpj.exe now');
    expect(headerText('a\u2066b\u2069c')).toBe('abc');
  });

  it('cuts long text with an ellipsis', () => {
    expect(headerText('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(headerText('  short  ')).toBe('short');
  });
});
