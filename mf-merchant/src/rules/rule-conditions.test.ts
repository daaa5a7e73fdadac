import { describe, expect, it } from 'vitest';
import { ruleConditionMessages } from '@onvelope/contracts';
import { emptyRuleForm } from '../shared/forms.js';
import {
  appliesToText,
  conditionsFormOf,
  conditionsInputOf,
  emptyConditionsForm,
  newConditionRow,
  ruleEditorProblem,
  withField,
} from './rule-conditions.js';

const message = { ...emptyRuleForm, customMessage: 'Free upgrade' };

describe('rule conditions form', () => {
  it('needs no keyword once the rule has a condition, but a value in every condition', () => {
    expect(ruleEditorProblem(message, emptyConditionsForm)).toBe('Please enter a keyword');
    const total = { ...newConditionRow('total'), operator: 'gte' };
    const conditions = { match: 'all' as const, rows: [total] };
    expect(ruleEditorProblem(message, conditions)).toBe(ruleConditionMessages.numberRequired);
    expect(ruleEditorProblem(emptyRuleForm, conditions)).toBe('Please enter a custom message');
    expect(
      ruleEditorProblem(message, { ...conditions, rows: [{ ...total, value: '50' }] }),
    ).toBeNull();
    expect(ruleEditorProblem(message, { match: 'all', rows: [newConditionRow('country')] })).toBe(
      ruleConditionMessages.countryRequired,
    );
  });

  it('reads the rule as a sentence as the seller builds it, and sends only complete conditions', () => {
    const country = { ...newConditionRow('country'), values: ['US'] };
    const total = { ...newConditionRow('total'), operator: 'gte', value: '50' };
    const conditions = {
      match: 'all' as const,
      rows: [country, total, newConditionRow('courier')],
    };
    expect(appliesToText(message, conditions)).toBe(
      'Applies to orders where country is United States and total ≥ 50',
    );
    expect(conditionsInputOf(conditions)).toEqual({
      match: 'all',
      conditions: [
        { field: 'country', operator: 'is_one_of', values: ['US'] },
        { field: 'total', operator: 'gte', value: 50 },
      ],
    });
    expect(appliesToText(emptyRuleForm, emptyConditionsForm)).toBeNull();
  });

  it('keeps a text value when the field changes to another text field, not to a number', () => {
    const courier = { ...newConditionRow('courier'), value: 'DHL' };
    expect(withField(courier, 'buyerName')).toMatchObject({ field: 'buyerName', value: 'DHL' });
    expect(withField(courier, 'total')).toMatchObject({
      key: courier.key,
      field: 'total',
      operator: 'eq',
      value: '',
    });
  });

  it('opens a saved rule with its conditions, and an older rule with none', () => {
    const form = conditionsFormOf({
      match: 'any',
      conditions: [{ field: 'total', operator: 'lt', value: 10 }],
    });
    expect(form.match).toBe('any');
    expect(form.rows).toMatchObject([{ field: 'total', operator: 'lt', value: '10' }]);
    expect(conditionsFormOf({})).toEqual(emptyConditionsForm);
  });
});
