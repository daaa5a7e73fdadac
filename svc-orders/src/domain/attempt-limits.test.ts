import { describe, expect, it } from 'vitest';
import { lookupMessages } from './attempt-limits.js';

describe('attempt limits', () => {
  it('says the wait in words', () => {
    expect(lookupMessages.tooManyLookups(1)).toBe(
      'Too many order lookups. Please try again in 1 minute.',
    );
    expect(lookupMessages.tooManyQueries(15)).toBe(
      'Too many queries sent. Please try again in 15 minutes.',
    );
  });
});
