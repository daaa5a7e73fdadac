import { describe, expect, it } from 'vitest';
import {
  emptyRuleForm,
  pressClear,
  ruleFormProblem,
  ruleInputOf,
  shipFormErrors,
  shipInputOf,
} from './forms.js';

describe('rule form', () => {
  it('asks for a keyword that is not blank', () => {
    expect(ruleFormProblem({ ...emptyRuleForm, keyword: '   ', customMessage: 'x' })).toBe(
      'Please enter a keyword',
    );
  });

  it('asks for a custom message only when the action adds a message', () => {
    expect(ruleFormProblem({ ...emptyRuleForm, keyword: 'gift' })).toBe(
      'Please enter a custom message',
    );
    expect(
      ruleFormProblem({ ...emptyRuleForm, keyword: 'gift', action: 'awaiting_stock' }),
    ).toBeNull();
  });

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

describe('ship form', () => {
  it('needs a tracking number and a courier that are not blank', () => {
    expect(shipFormErrors({ trackingNumber: ' ', courier: '', trackingUrl: '' })).toEqual({
      trackingNumber: 'Tracking number is required',
      courier: 'Courier is required',
    });
  });

  it('takes an empty tracking URL, refuses one that is not a web address', () => {
    const form = { trackingNumber: 'RM1', courier: 'Royal Mail', trackingUrl: '' };
    expect(shipFormErrors(form)).toEqual({});
    expect(shipFormErrors({ ...form, trackingUrl: 'track me' })).toEqual({
      trackingUrl: 'Tracking URL must be a URL',
    });
    expect(shipFormErrors({ ...form, trackingUrl: 'https://track.test/RM1' })).toEqual({});
    expect(shipInputOf({ ...form, trackingNumber: ' RM1 ' }).trackingNumber).toBe('RM1');
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
