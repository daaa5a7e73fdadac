import { describe, expect, it } from 'vitest';
import { inlineLinks, plainText } from '../domain/inline-links.js';
import type { LegalDocument } from './legal-document.js';
import { privacyDocuments } from './privacy.js';
import { termsDocuments } from './terms.js';

function textOf(document: LegalDocument): string {
  const blocks = document.sections.flatMap((section) => section.blocks);
  return [
    document.intro,
    ...blocks.flatMap((block) => (typeof block === 'string' ? [block] : block.list)),
  ]
    .map(plainText)
    .join('\n');
}

const documents = {
  'current terms': termsDocuments.current,
  'previous terms': termsDocuments.previous,
  'current privacy policy': privacyDocuments.current,
  'previous privacy policy': privacyDocuments.previous,
};

// The public routes of spec 001 §2 a legal text may link to.
const publicRoutes = [
  '/privacy',
  '/terms',
  '/old-privacy',
  '/old-terms',
  '/pricing',
  '/contact',
  '/track',
];

describe('the legal texts', () => {
  it('date the current versions 2025-10-02 and the previous ones earlier', () => {
    expect(termsDocuments.current.version).toBe('2025-10-02');
    expect(privacyDocuments.current.version).toBe('2025-10-02');
    expect(termsDocuments.previous.version < '2025-10-02').toBe(true);
    expect(privacyDocuments.previous.version < '2025-10-02').toBe(true);
  });

  it('state every figure of spec 001 §9 in the current terms, prices from the plan catalogue', () => {
    const text = textOf(termsDocuments.current);
    for (const figure of [
      '7-day free trial',
      'No credit card is needed',
      '£8.99 a month',
      '£89.99 a year',
      'cancel at any time',
      'full refund within 30 days of your first payment',
      'up to 7 years after termination',
      'within 24 hours',
      '99.9%',
      'at least 18 years old',
    ]) {
      expect(text, figure).toContain(figure);
    }
  });

  it('state the minimum age of 18 in the later privacy policy only', () => {
    expect(textOf(privacyDocuments.current)).toContain('aged 18 or over');
    expect(textOf(privacyDocuments.previous)).not.toContain('aged 18');
  });

  it('keep data up to 7 years after termination and answer requests within 24 hours (privacy)', () => {
    const text = textOf(privacyDocuments.current);
    expect(text).toContain('up to 7 years after termination');
    expect(text).toContain('within 24 hours');
  });

  for (const [name, document] of Object.entries(documents)) {
    it(`gives each section of the ${name} its own anchor and links only to public pages`, () => {
      const ids = document.sections.map((section) => section.id);
      expect(new Set(ids).size).toBe(ids.length);
      const pages = document.sections
        .flatMap((section) => section.blocks)
        .flatMap((block) => (typeof block === 'string' ? [block] : block.list))
        .flatMap(inlineLinks)
        .flatMap((part) => (part.kind === 'page' ? [part.to.split('#')[0]] : []));
      for (const page of pages) expect(publicRoutes, page).toContain(page);
    });
  }
});
