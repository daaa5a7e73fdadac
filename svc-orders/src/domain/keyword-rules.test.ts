import { describe, expect, it } from 'vitest';
import { defaultRuleMessages } from '@onvelope/contracts';
import {
  evaluateKeywordRules,
  itemNamesOf,
  layerRuleOutcome,
  type KeywordRuleLike,
} from './keyword-rules.js';

const now = new Date('2026-11-22T10:00:00.000Z');

function rule(overrides: Partial<KeywordRuleLike> & Pick<KeywordRuleLike, 'keyword'>) {
  return {
    id: `rule-${overrides.keyword}`,
    action: 'add_message',
    customMessage: `message for ${overrides.keyword}`,
    ...overrides,
  } satisfies KeywordRuleLike;
}

describe('itemNamesOf', () => {
  it('reads the product names that follow product_name: markers', () => {
    expect(
      itemNamesOf(
        'product_name:Gift wrap|product_option_name:Red|quantity:1;product_name:Mug|quantity:2',
      ),
    ).toEqual(['Gift wrap', 'Mug']);
  });

  it('splits plain item lists on lines, semicolons, bars and commas, without repeats', () => {
    expect(itemNamesOf('Tee x1, Mug\nPoster; Tee x1 | Card')).toEqual([
      'Tee x1',
      'Mug',
      'Poster',
      'Card',
    ]);
  });

  it('reads the lines a sync or a store export writes, commas inside names, with and without the variant', () => {
    expect(itemNamesOf('2 x Tote Bag (Blue); 1 x Tea, Earl Grey')).toEqual([
      'Tote Bag (Blue)',
      'Tote Bag',
      'Tea, Earl Grey',
    ]);
  });

  it('has no names for empty items', () => {
    expect(itemNamesOf(null)).toEqual([]);
    expect(itemNamesOf('  ')).toEqual([]);
  });
});

describe('keyword rules on a synced order and the same order from its export', () => {
  // svc-sync writes the first; a Big Cartel export's Items cell reads as the same lines.
  const synced = '2 x Tote Bag (Blue); 1 x Tea, Earl Grey';
  it.each([
    ['exact', 'Tote Bag'],
    ['exact', 'Tea, Earl Grey'],
    ['starts_with', 'Tote'],
    ['contains', 'Earl Grey'],
    ['whole_word', 'Tea'],
  ] as const)('matches a %s rule for %j', (matchType, keyword) => {
    const outcome = evaluateKeywordRules([rule({ keyword, matchType })], synced, now);
    expect(outcome.appliedRules).toHaveLength(1);
  });
});

describe('evaluateKeywordRules', () => {
  it('adds the message of a contains rule and explains which item matched', () => {
    const outcome = evaluateKeywordRules([rule({ keyword: 'gift' })], 'Gift wrap, Mug', now);
    expect(outcome).toEqual({
      message: 'message for gift',
      status: null,
      date: null,
      explanation: "rule 'gift' matched 'Gift wrap' in Items",
      appliedRules: [
        {
          id: 'rule-gift',
          keyword: 'gift',
          action: 'add_message',
          explanation: "rule 'gift' matched 'Gift wrap' in Items",
        },
      ],
    });
  });

  it('matches nothing when the order has no items or no rule matches', () => {
    const empty = {
      message: null,
      status: null,
      date: null,
      explanation: null,
      appliedRules: [],
    };
    expect(evaluateKeywordRules([rule({ keyword: 'gift' })], null, now)).toEqual(empty);
    expect(evaluateKeywordRules([rule({ keyword: 'gift' })], 'Mug', now)).toEqual(empty);
    expect(evaluateKeywordRules([], 'Gift wrap', now)).toEqual(empty);
  });

  it('ignores case unless the rule is case sensitive', () => {
    expect(evaluateKeywordRules([rule({ keyword: 'GIFT' })], 'gift card', now).message).toBe(
      'message for GIFT',
    );
    expect(
      evaluateKeywordRules([rule({ keyword: 'GIFT', caseSensitive: true })], 'gift card', now)
        .message,
    ).toBeNull();
    expect(
      evaluateKeywordRules([rule({ keyword: 'Gift', caseSensitive: true })], 'Gift card', now)
        .message,
    ).toBe('message for Gift');
  });

  it('matches exact rules against a whole item name or the whole items text', () => {
    const exact = rule({ keyword: 'mug', matchType: 'exact' });
    expect(evaluateKeywordRules([exact], 'Tee, Mug', now).appliedRules[0]?.explanation).toBe(
      "rule 'mug' matched 'Mug' in Items",
    );
    expect(evaluateKeywordRules([exact], 'Mug (large)', now).appliedRules).toEqual([]);
    const wholeText = rule({ keyword: 'print, a4', matchType: 'exact' });
    expect(evaluateKeywordRules([wholeText], 'Print, A4', now).appliedRules).toHaveLength(1);
  });

  it('matches starts_with rules at the start of an item name', () => {
    const startsWith = rule({ keyword: 'pre-order', matchType: 'starts_with' });
    expect(
      evaluateKeywordRules([startsWith], 'Mug; Pre-order Hoodie', now).appliedRules[0]?.explanation,
    ).toBe("rule 'pre-order' matched 'Pre-order Hoodie' in Items");
    expect(evaluateKeywordRules([startsWith], 'Hoodie (pre-order)', now).appliedRules).toEqual([]);
  });

  it('matches whole_word rules only on whole words, in any script', () => {
    const tee = rule({ keyword: 'tee', matchType: 'whole_word' });
    expect(evaluateKeywordRules([tee], 'Black Tee (XL)', now).appliedRules).toHaveLength(1);
    expect(evaluateKeywordRules([tee], 'Teeth whitening kit', now).appliedRules).toEqual([]);
    expect(evaluateKeywordRules([tee], 'Steel mug', now).appliedRules).toEqual([]);
    const cafe = rule({ keyword: 'café', matchType: 'whole_word' });
    expect(evaluateKeywordRules([cafe], 'Café blend', now).appliedRules).toHaveLength(1);
    expect(evaluateKeywordRules([cafe], 'Cafés blend', now).appliedRules).toEqual([]);
  });

  it('treats regular-expression characters in a keyword literally', () => {
    const plus = rule({ keyword: 'A4+', matchType: 'whole_word' });
    expect(evaluateKeywordRules([plus], 'Print A4+ gloss', now).appliedRules).toHaveLength(1);
    expect(evaluateKeywordRules([plus], 'Print A44 gloss', now).appliedRules).toEqual([]);
  });

  it('joins the messages of several rules in rule order without repeating one', () => {
    const outcome = evaluateKeywordRules(
      [
        rule({ keyword: 'gift', customMessage: 'Gift wrapped with love' }),
        rule({ keyword: 'mug', customMessage: 'Mugs ship in bubble wrap' }),
        rule({ keyword: 'wrap', customMessage: 'Gift wrapped with love' }),
      ],
      'Gift wrap, Mug',
      now,
    );
    expect(outcome.message).toBe('Gift wrapped with love | Mugs ship in bubble wrap');
    expect(outcome.appliedRules.map((applied) => applied.keyword)).toEqual(['gift', 'mug', 'wrap']);
    expect(outcome.explanation).toBe(
      "rule 'gift' matched 'Gift wrap' in Items; rule 'mug' matched 'Mug' in Items",
    );
  });

  it('marks the order shipped, dated now, for a mark_as_shipped rule', () => {
    const outcome = evaluateKeywordRules(
      [rule({ keyword: 'download', action: 'mark_as_shipped', customMessage: null })],
      'Digital download',
      now,
    );
    expect(outcome).toMatchObject({
      status: 'shipped',
      date: now,
      message: null,
      explanation: "rule 'download' matched 'Digital download' in Items (status shipped)",
    });
  });

  it('sets pending with a default message for awaiting_stock and processing for working_through_orders', () => {
    const awaiting = evaluateKeywordRules(
      [rule({ keyword: 'hoodie', action: 'awaiting_stock', customMessage: '' })],
      'Hoodie',
      now,
    );
    expect(awaiting).toMatchObject({
      status: 'pending',
      date: null,
      message: defaultRuleMessages.awaiting_stock,
    });
    const working = evaluateKeywordRules(
      [rule({ keyword: 'print', action: 'working_through_orders', customMessage: 'Printing now' })],
      'Print',
      now,
    );
    expect(working).toMatchObject({ status: 'processing', date: null, message: 'Printing now' });
  });

  it('lets the least advanced status win, whatever the rule order', () => {
    const shippedFirst = evaluateKeywordRules(
      [
        rule({ keyword: 'download', action: 'mark_as_shipped', customMessage: null }),
        rule({ keyword: 'print', action: 'working_through_orders', customMessage: null }),
        rule({ keyword: 'hoodie', action: 'awaiting_stock', customMessage: null }),
      ],
      'Digital download; Print; Hoodie',
      now,
    );
    expect(shippedFirst.status).toBe('pending');
    expect(shippedFirst.date).toBeNull();
    expect(shippedFirst.appliedRules).toHaveLength(3);
    expect(shippedFirst.explanation).toBe(
      "rule 'print' matched 'Print' in Items; rule 'hoodie' matched 'Hoodie' in Items (status pending)",
    );
    expect(shippedFirst.message).toBe(
      `${defaultRuleMessages.working_through_orders} | ${defaultRuleMessages.awaiting_stock}`,
    );

    const processingOverShipped = evaluateKeywordRules(
      [
        rule({ keyword: 'print', action: 'working_through_orders', customMessage: null }),
        rule({ keyword: 'download', action: 'mark_as_shipped', customMessage: null }),
      ],
      'Digital download; Print',
      now,
    );
    expect(processingOverShipped.status).toBe('processing');
  });

  it('ignores a rule whose keyword is blank', () => {
    expect(evaluateKeywordRules([rule({ keyword: '   ' })], 'Anything', now).appliedRules).toEqual(
      [],
    );
  });
});

describe('layerRuleOutcome', () => {
  const gift = rule({ keyword: 'gift' });
  const outcome = evaluateKeywordRules([gift], 'Gift wrap', now);

  it("adds one rule's message and explanation to those other rules gave the order", () => {
    expect(
      layerRuleOutcome(
        {
          keywordMessage: 'Ships in March',
          keywordExplanation: "rule 'march' matched 'March' in Items",
        },
        outcome,
      ),
    ).toMatchObject({
      message: 'Ships in March | message for gift',
      explanation:
        "rule 'march' matched 'March' in Items; rule 'gift' matched 'Gift wrap' in Items",
      status: null,
    });
  });

  it('changes nothing when the order carries the rule already', () => {
    const once = layerRuleOutcome({ keywordMessage: 'Ships in March' }, outcome);
    const carried = { keywordMessage: once.message, keywordExplanation: once.explanation };
    expect(layerRuleOutcome(carried, outcome)).toMatchObject({
      message: once.message,
      explanation: once.explanation,
    });
  });

  it('gives an order without messages the rule’s own', () => {
    expect(layerRuleOutcome({}, outcome)).toMatchObject({
      message: 'message for gift',
      explanation: outcome.explanation,
    });
  });
});
