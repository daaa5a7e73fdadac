import { describe, expect, it } from 'vitest';
import { keywordRuleInput, ruleConditionMessages } from '@onvelope/contracts';
import { fieldErrorsOf } from '@onvelope/ui';
import { emptyRuleForm } from '../shared/forms.js';
import {
  appliesToText,
  conditionsFormOf,
  emptyConditionsForm,
  firstProblemOf,
  newConditionRow,
  ruleBodyOf,
  withField,
  type ConditionsForm,
  type RuleEditorForm,
} from './rule-conditions.js';

const message = { ...emptyRuleForm, customMessage: 'Free upgrade' };
const editor = (form: typeof emptyRuleForm, conditions: ConditionsForm): RuleEditorForm => ({
  ...form,
  conditions,
});
/** The problem the editor shows: the first of the contract's refusal of its body. */
const problemOf = (form: RuleEditorForm) =>
  firstProblemOf(fieldErrorsOf(keywordRuleInput, ruleBodyOf(form)))?.message ?? null;

describe('rule conditions form', () => {
  it('needs no keyword once the rule has a condition, but a value in every condition', () => {
    expect(problemOf(editor(message, emptyConditionsForm))).toBe('Please enter a keyword');
    expect(problemOf(editor(emptyRuleForm, emptyConditionsForm))).toBe('Please enter a keyword');
    const total = { ...newConditionRow('total'), operator: 'gte' };
    const conditions = { match: 'all' as const, rows: [total] };
    expect(problemOf(editor(message, conditions))).toBe(ruleConditionMessages.numberRequired);
    const complete = { ...conditions, rows: [{ ...total, value: '50' }] };
    expect(problemOf(editor(emptyRuleForm, complete))).toBe('Please enter a custom message');
    expect(problemOf(editor(message, complete))).toBeNull();
    const country = { match: 'all' as const, rows: [newConditionRow('country')] };
    expect(problemOf(editor(message, country))).toBe(ruleConditionMessages.countryRequired);
  });

  it('reads the rule as a sentence of its complete conditions as the seller builds it', () => {
    const country = { ...newConditionRow('country'), values: ['US'] };
    const total = { ...newConditionRow('total'), operator: 'gte', value: '50' };
    const conditions = {
      match: 'all' as const,
      rows: [country, total, newConditionRow('courier')],
    };
    expect(appliesToText(editor(message, conditions))).toBe(
      'Applies to orders where country is United States and total ≥ 50',
    );
    expect(appliesToText(editor(emptyRuleForm, emptyConditionsForm))).toBeNull();
  });

  it('sends every condition as typed, the total as a number, the keyword and message trimmed', () => {
    const country = { ...newConditionRow('country'), values: ['US'] };
    const total = { ...newConditionRow('total'), operator: 'gte', value: ' 50 ' };
    const courier = { ...newConditionRow('courier'), value: ' DHL ' };
    const form = editor(
      { ...emptyRuleForm, keyword: ' gift ', customMessage: ' Wrapped ' },
      { match: 'any', rows: [country, total, courier] },
    );
    expect(ruleBodyOf(form)).toEqual({
      keyword: 'gift',
      action: 'add_message',
      customMessage: 'Wrapped',
      matchType: 'contains',
      caseSensitive: false,
      match: 'any',
      conditions: [
        { field: 'country', operator: 'is_one_of', values: ['US'] },
        { field: 'total', operator: 'gte', value: 50 },
        { field: 'courier', operator: 'contains', value: ' DHL ' },
      ],
    });
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
