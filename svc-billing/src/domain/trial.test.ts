import { describe, expect, it } from 'vitest';
import { trialEndFrom } from './trial.js';

describe('trial', () => {
  it('ends seven days after it starts, to the millisecond', () => {
    expect(trialEndFrom(new Date('2026-03-01T10:00:00.123Z')).toISOString()).toBe(
      '2026-03-08T10:00:00.123Z',
    );
  });
});
