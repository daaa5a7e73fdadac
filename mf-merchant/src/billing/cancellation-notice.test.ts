import { describe, expect, it } from 'vitest';
import { cancellationNotice } from './cancellation-notice.js';

const trialEnd = '2026-12-05T09:00:00.000Z';
const dateOf = (iso: string) => `date of ${iso}`;

describe('cancellationNotice', () => {
  it('says the free trial runs on when the seller cancelled during it', () => {
    expect(cancellationNotice({ status: 'trialing', trialEnd }, dateOf)).toEqual({
      text: `Your subscription is cancelled. Your free trial runs until date of ${trialEnd}.`,
      pointsToYourData: false,
    });
  });

  it('says the workspace is closed, and points to Your data, when no trial is left', () => {
    for (const status of ['cancelled', 'expired', 'none'] as const) {
      expect(cancellationNotice({ status, trialEnd: null }, dateOf)).toEqual({
        text: 'Your subscription is cancelled and your workspace is now closed. Your data stays in',
        pointsToYourData: true,
      });
    }
  });

  it('says nothing while the subscription still runs', () => {
    expect(cancellationNotice({ status: 'active', trialEnd }, dateOf)).toBeNull();
    expect(cancellationNotice({ status: 'past_due', trialEnd: null }, dateOf)).toBeNull();
  });
});
