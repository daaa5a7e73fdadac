import { describe, expect, it } from 'vitest';
import { ruleChangeOf } from './rule-changes.js';

const nothing = { status: null, message: null, explanation: null };

describe('ruleChangeOf', () => {
  it('changes nothing on an order no rule touches, before or now', () => {
    expect(ruleChangeOf({ status: 'pending' }, nothing)).toBeNull();
    expect(
      ruleChangeOf(
        { status: 'pending', keywordMessage: 'Wrapped', keywordExplanation: 'why' },
        { status: null, message: 'Wrapped', explanation: 'why' },
      ),
    ).toBeNull();
  });

  it('moves the status of an open order and says from what to what', () => {
    expect(
      ruleChangeOf({ status: 'processing' }, { ...nothing, status: 'shipped', explanation: 'w' }),
    ).toEqual({
      statusBefore: 'processing',
      statusAfter: 'shipped',
      messageBefore: null,
      messageAfter: null,
      explanationChanged: true,
    });
  });

  it('keeps the status of a partially shipped order but still changes its message', () => {
    expect(
      ruleChangeOf(
        { status: 'partially_shipped' },
        { status: 'pending', message: 'Soon', explanation: 'w' },
      ),
    ).toMatchObject({ statusAfter: 'partially_shipped', messageAfter: 'Soon' });
  });

  it('removes the message and explanation a rule no longer gives', () => {
    expect(
      ruleChangeOf({ status: 'pending', keywordMessage: 'Old', keywordExplanation: 'w' }, nothing),
    ).toEqual({
      statusBefore: 'pending',
      statusAfter: 'pending',
      messageBefore: 'Old',
      messageAfter: null,
      explanationChanged: true,
    });
  });

  it('counts a new explanation alone as a change', () => {
    expect(
      ruleChangeOf(
        { status: 'pending', keywordMessage: 'Wrapped', keywordExplanation: 'old why' },
        { status: null, message: 'Wrapped', explanation: 'new why' },
      ),
    ).toMatchObject({ explanationChanged: true, messageAfter: 'Wrapped' });
  });
});
