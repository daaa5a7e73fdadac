import { describe, expect, it } from 'vitest';
import { inlineLinks, plainText } from './inline-links.js';

describe('inlineLinks', () => {
  it('keeps text without links as one part', () => {
    expect(inlineLinks('Cancel at any time.')).toEqual([
      { kind: 'text', text: 'Cancel at any time.' },
    ]);
  });

  it('finds page links and email addresses between plain text', () => {
    expect(
      inlineLinks('Read the [Privacy Policy](/privacy) or write to privacy@onvelope.com.'),
    ).toEqual([
      { kind: 'text', text: 'Read the ' },
      { kind: 'page', text: 'Privacy Policy', to: '/privacy' },
      { kind: 'text', text: ' or write to ' },
      { kind: 'email', address: 'privacy@onvelope.com' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('links only paths of the site, not other addresses in brackets', () => {
    expect(inlineLinks('[elsewhere](https://example.com)')).toEqual([
      { kind: 'text', text: '[elsewhere](https://example.com)' },
    ]);
  });
});

describe('plainText', () => {
  it('reduces links to what the reader sees', () => {
    expect(plainText('See [the terms](/terms#refunds), or legal@onvelope.com')).toBe(
      'See the terms, or legal@onvelope.com',
    );
  });
});
