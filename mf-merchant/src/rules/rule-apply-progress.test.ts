import { describe, expect, it } from 'vitest';
import { applyProgressText } from './rule-apply-progress.js';

describe('rule apply progress', () => {
  it('says how many unshipped orders are done and changed', () => {
    expect(applyProgressText({ examined: 1_500, total: 20_000, changed: 300 })).toBe(
      'Applying the rules… 1,500 of 20,000 unshipped orders (300 changed)',
    );
    expect(applyProgressText({ examined: 0, total: 0, changed: 0 })).toBe(
      'Applying the rules… 0 of 0 unshipped orders (0 changed)',
    );
  });
});
