import { describe, expect, it } from 'vitest';
import { emptyRuleForm, pressClear, ruleInputOf } from './forms.js';

describe('rule form', () => {
  it('sends the rule trimmed, with an empty message as none', () => {
    expect(
      ruleInputOf({
        ...emptyRuleForm,
        keyword: ' gift ',
        action: 'awaiting_stock',
        customMessage: ' ',
      }),
    ).toEqual({
      keyword: 'gift',
      action: 'awaiting_stock',
      customMessage: null,
      matchType: 'contains',
      caseSensitive: false,
    });
  });
});

describe('clear actions', () => {
  it('arm on the first click and execute on a second click of the same action', () => {
    const first = pressClear(null, 'all');
    expect(first).toEqual({ armed: 'all', execute: false });
    expect(pressClear(first.armed, 'all')).toEqual({ armed: null, execute: true });
  });

  it('arm the other action instead when a different one is clicked', () => {
    expect(pressClear('csv', 'all')).toEqual({ armed: 'all', execute: false });
  });
});
