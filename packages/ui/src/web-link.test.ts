import { describe, expect, it } from 'vitest';
import { webLink } from './web-link.js';

describe('webLink', () => {
  it('links web addresses, a bare domain as https', () => {
    expect(webLink('https://t.example/track?n=1')).toBe('https://t.example/track?n=1');
    expect(webLink('HTTP://t.example')).toBe('http://t.example/');
    expect(webLink('shop.example')).toBe('https://shop.example/');
  });

  it('links nothing else: script, data and other schemes, or what is not an address', () => {
    for (const value of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'ftp://a.example',
      'mailto:a@b.example',
      'a b',
      '',
      null,
      undefined,
    ]) {
      expect(webLink(value)).toBeNull();
    }
  });
});
