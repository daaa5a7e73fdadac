import { describe, expect, it } from 'vitest';
import {
  commonMessageWords,
  completeLastWord,
  lastWord,
  messageVocabulary,
  suggestMessageWords,
  wantsKeywordSuggestions,
} from './suggestions.js';

describe('keyword suggestions', () => {
  it('start from one character that is not a space', () => {
    expect(wantsKeywordSuggestions('')).toBe(false);
    expect(wantsKeywordSuggestions('  ')).toBe(false);
    expect(wantsKeywordSuggestions('h')).toBe(true);
  });
});

describe('message-word suggestions', () => {
  const vocabulary = messageVocabulary([
    'Handmade to order: dispatched within 5 days',
    'Dispatched in 2 weeks, handmade with care',
    null,
  ]);

  it("take the seller's own message words first, most used first, each once", () => {
    expect(vocabulary.slice(0, 3)).toEqual(['Handmade', 'dispatched', 'to']);
    expect(vocabulary.filter((word) => word.toLowerCase() === 'dispatched')).toHaveLength(1);
    expect(vocabulary).toContain('delivery');
    expect(vocabulary).not.toContain('5');
  });

  it('need the last word to have at least 2 characters', () => {
    expect(suggestMessageWords(vocabulary, 'Your order will be d')).toEqual([]);
    expect(suggestMessageWords(vocabulary, 'Your order will be di')).toEqual([
      'dispatched',
      'dispatch',
    ]);
  });

  it('ignore case, skip the word already typed in full and offer at most 6', () => {
    expect(suggestMessageWords(vocabulary, 'HA')).toEqual(['Handmade']);
    expect(suggestMessageWords(vocabulary, 'handmade')).toEqual([]);
    expect(
      suggestMessageWords(['aa1', 'aa2', 'aa3', 'aa4', 'aa5', 'aa6', 'aa7'], 'aa'),
    ).toHaveLength(6);
  });

  it('suggest nothing right after a space', () => {
    expect(lastWord('Thanks for ')).toBe('');
    expect(suggestMessageWords(commonMessageWords, 'Thanks for ')).toEqual([]);
  });

  it('replace the last word with the chosen one and leave a space to go on typing', () => {
    expect(completeLastWord('Will be disp', 'dispatched')).toBe('Will be dispatched ');
    expect(completeLastWord('ha', 'Handmade')).toBe('Handmade ');
  });
});
