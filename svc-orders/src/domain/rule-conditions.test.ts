import { describe, expect, it } from 'vitest';
import { ruleCondition, ruleSentence, type RuleCondition } from '@onvelope/contracts';
import {
  evaluateKeywordRules,
  ruleReasons,
  ruleSubjectOf,
  type KeywordRuleLike,
} from './keyword-rules.js';

const now = new Date('2026-11-22T10:00:00.000Z');

const order = ruleSubjectOf({
  items: '1 x Gift wrap; 2 x Mug (Blue)',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann.lee@example.com',
  shippingCountry: 'us',
  courier: 'DHL Express',
  status: 'pending',
  orderTotal: 72.5,
});

function conditionsRule(
  conditions: RuleCondition[],
  overrides: Partial<KeywordRuleLike> = {},
): KeywordRuleLike {
  return {
    id: 'rule-c',
    keyword: '',
    action: 'add_message',
    customMessage: 'Conditions met',
    conditions,
    ...overrides,
  };
}

/** Whether one condition holds for the order above. */
const holds = (condition: RuleCondition) =>
  ruleReasons(conditionsRule([ruleCondition.parse(condition)]), order) !== null;

describe('ruleSubjectOf', () => {
  it('names the buyer by the stored customer name, else first and last name', () => {
    expect(order.buyerName).toBe('Ann Lee');
    expect(ruleSubjectOf({ customerName: 'A. Lee', firstName: 'Ann' }).buyerName).toBe('A. Lee');
    expect(ruleSubjectOf({}).buyerName).toBeNull();
  });

  it("takes the product name as the items when the order lists none, and the order's total as is", () => {
    expect(ruleSubjectOf({ productName: 'Poster', orderTotal: 0 })).toMatchObject({
      items: 'Poster',
      total: 0,
    });
  });
});

describe('conditions on each field', () => {
  it.each([
    [{ field: 'buyerName', operator: 'contains', value: 'lee' }, true],
    [{ field: 'buyerName', operator: 'contains', value: 'Bob' }, false],
    [{ field: 'buyerName', operator: 'is', value: 'ANN LEE' }, true],
    [{ field: 'buyerName', operator: 'is', value: 'Ann' }, false],
    [{ field: 'buyerName', operator: 'starts_with', value: 'ann' }, true],
    [{ field: 'buyerName', operator: 'starts_with', value: 'Lee' }, false],
    [{ field: 'buyerName', operator: 'does_not_contain', value: 'Bob' }, true],
    [{ field: 'buyerName', operator: 'does_not_contain', value: 'Lee' }, false],
    [{ field: 'buyerEmail', operator: 'contains', value: '@example.com' }, true],
    [{ field: 'buyerEmail', operator: 'is', value: 'ann.lee@example.com' }, true],
    [{ field: 'buyerEmail', operator: 'starts_with', value: 'bob' }, false],
    [{ field: 'courier', operator: 'contains', value: 'dhl' }, true],
    [{ field: 'courier', operator: 'is', value: 'DHL' }, false],
    [{ field: 'courier', operator: 'does_not_contain', value: 'Royal Mail' }, true],
    [{ field: 'items', operator: 'contains', value: 'gift' }, true],
    [{ field: 'items', operator: 'is', value: 'mug' }, true],
    [{ field: 'items', operator: 'is', value: 'gift' }, false],
    [{ field: 'items', operator: 'starts_with', value: 'Mug' }, true],
    [{ field: 'items', operator: 'does_not_contain', value: 'hoodie' }, true],
    [{ field: 'items', operator: 'does_not_contain', value: 'MUG' }, false],
    [{ field: 'total', operator: 'eq', value: 72.5 }, true],
    [{ field: 'total', operator: 'eq', value: 72 }, false],
    [{ field: 'total', operator: 'lt', value: 72.5 }, false],
    [{ field: 'total', operator: 'lt', value: 100 }, true],
    [{ field: 'total', operator: 'lte', value: 72.5 }, true],
    [{ field: 'total', operator: 'gt', value: 72.5 }, false],
    [{ field: 'total', operator: 'gt', value: 50 }, true],
    [{ field: 'total', operator: 'gte', value: 72.5 }, true],
    [{ field: 'total', operator: 'gte', value: 80 }, false],
    [{ field: 'country', operator: 'is_one_of', values: ['US'] }, true],
    [{ field: 'country', operator: 'is_one_of', values: ['gb', 'ca'] }, false],
    [{ field: 'country', operator: 'is_not_one_of', values: ['GB'] }, true],
    [{ field: 'country', operator: 'is_not_one_of', values: ['GB', 'US'] }, false],
    [{ field: 'status', operator: 'is_one_of', values: ['pending', 'processing'] }, true],
    [{ field: 'status', operator: 'is_one_of', values: ['shipped'] }, false],
    [{ field: 'status', operator: 'is_not_one_of', values: ['shipped'] }, true],
    [{ field: 'status', operator: 'is_not_one_of', values: ['pending'] }, false],
  ] as const)('%j holds: %s', (condition, expected) => {
    expect(holds(condition as RuleCondition)).toBe(expected);
  });

  it('compares a country by its code, however the order stores it', () => {
    const named = ruleSubjectOf({ shippingCountry: 'United States of America' });
    const rule = conditionsRule([{ field: 'country', operator: 'is_one_of', values: ['US'] }]);
    expect(ruleReasons(rule, named)).toEqual(['country United States of America']);
    expect(ruleReasons(rule, ruleSubjectOf({ shippingCountry: 'USA' }))).not.toBeNull();
    expect(ruleReasons(rule, ruleSubjectOf({ shippingCountry: 'Canada' }))).toBeNull();
  });

  it('treats a field the order lacks as no value', () => {
    const bare = ruleSubjectOf({ items: 'Mug' });
    const check = (condition: RuleCondition) => ruleReasons(conditionsRule([condition]), bare);
    expect(check({ field: 'total', operator: 'lt', value: 1_000 })).toBeNull();
    expect(check({ field: 'courier', operator: 'contains', value: 'a' })).toBeNull();
    expect(check({ field: 'courier', operator: 'does_not_contain', value: 'DHL' })).toEqual([
      "courier without 'DHL'",
    ]);
    expect(check({ field: 'country', operator: 'is_one_of', values: ['US'] })).toBeNull();
    expect(check({ field: 'country', operator: 'is_not_one_of', values: ['US'] })).toEqual([
      'no country',
    ]);
  });
});

describe('all and any', () => {
  const usa = { field: 'country', operator: 'is_one_of', values: ['US'] } satisfies RuleCondition;
  const big = { field: 'total', operator: 'gte', value: 100 } satisfies RuleCondition;

  it('needs every condition with match all (the default), one with match any', () => {
    expect(ruleReasons(conditionsRule([usa, big]), order)).toBeNull();
    expect(ruleReasons(conditionsRule([usa, big], { match: 'all' }), order)).toBeNull();
    expect(ruleReasons(conditionsRule([usa, big], { match: 'any' }), order)).toEqual([
      'country United States',
    ]);
    const small = { ...big, value: 50 };
    expect(ruleReasons(conditionsRule([usa, small]), order)).toEqual([
      'country United States',
      'total 72.5',
    ]);
  });

  it('counts the keyword as one of the tests, first', () => {
    const keywordAndCountry = conditionsRule([usa], { keyword: 'hoodie', match: 'all' });
    expect(ruleReasons(keywordAndCountry, order)).toBeNull();
    expect(ruleReasons({ ...keywordAndCountry, keyword: 'gift' }, order)).toEqual([
      "'Gift wrap' in Items",
      'country United States',
    ]);
    expect(ruleReasons({ ...keywordAndCountry, match: 'any' }, order)).toEqual([
      'country United States',
    ]);
  });

  it('applies nothing for a rule with neither keyword nor conditions', () => {
    expect(ruleReasons(conditionsRule([]), order)).toBeNull();
  });
});

describe('evaluateKeywordRules with conditions', () => {
  it('explains a rule of conditions alone by what it tests, and names it so', () => {
    const rule = conditionsRule([
      { field: 'country', operator: 'is_one_of', values: ['US'] },
      { field: 'total', operator: 'gte', value: 50 },
    ]);
    const outcome = evaluateKeywordRules([rule], order, now);
    expect(outcome.message).toBe('Conditions met');
    expect(outcome.appliedRules).toEqual([
      {
        id: 'rule-c',
        keyword: 'country is United States and total ≥ 50',
        action: 'add_message',
        explanation:
          "rule 'country is United States and total ≥ 50' matched country United States, total 72.5",
      },
    ]);
  });

  it('still takes an Items text alone, where every other field has no value', () => {
    const rule = conditionsRule([{ field: 'items', operator: 'contains', value: 'gift' }]);
    expect(evaluateKeywordRules([rule], 'Gift card', now).appliedRules).toHaveLength(1);
    const byTotal = conditionsRule([{ field: 'total', operator: 'gt', value: 0 }]);
    expect(evaluateKeywordRules([byTotal], 'Gift card', now).appliedRules).toEqual([]);
  });

  it('sets the status of a conditions rule like a keyword rule', () => {
    const rule = conditionsRule([{ field: 'status', operator: 'is_one_of', values: ['pending'] }], {
      action: 'working_through_orders',
      customMessage: null,
    });
    const outcome = evaluateKeywordRules([rule], order, now);
    expect(outcome.status).toBe('processing');
  });
});

describe('ruleSentence', () => {
  it('reads the keyword and the conditions as one clause', () => {
    expect(
      ruleSentence({
        keyword: 'gift',
        matchType: 'whole_word',
        caseSensitive: true,
        match: 'any',
        conditions: [
          { field: 'country', operator: 'is_not_one_of', values: ['US', 'CA'] },
          { field: 'status', operator: 'is_one_of', values: ['partially_shipped'] },
          { field: 'items', operator: 'does_not_contain', value: 'mug' },
          { field: 'buyerEmail', operator: 'starts_with', value: 'ann' },
        ],
      }),
    ).toBe(
      "an item has the word 'gift' (case sensitive) or country is not one of United States, Canada or status is partially shipped or no item contains 'mug' or buyer e-mail starts with 'ann'",
    );
  });
});
