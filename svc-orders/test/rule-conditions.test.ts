import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_RULE_CONDITIONS,
  ordersMessages,
  ruleConditionMessages,
  type KeywordRule,
  type RuleApplyJob,
} from '@onvelope/contracts';
import { keywordRuleModel } from '../src/data/keyword-rule.model.js';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';
import { useOrdersHarness, type Reply } from './service-harness.js';

const usaAndFifty = [
  { field: 'country', operator: 'is_one_of', values: ['US'] },
  { field: 'total', operator: 'gte', value: 50 },
] as const;

describe('keyword rules with conditions on any field (issue 38 item 7)', () => {
  const orders = useOrdersHarness();
  let tokenA: string;
  let tokenB: string;
  let orderSeq = 0;

  beforeAll(async () => {
    tokenA = await orders.issuer.merchantToken('conditions-seller-a');
    tokenB = await orders.issuer.merchantToken('conditions-seller-b');
  });
  beforeEach(async () => {
    await keywordRuleModel(orders.db).deleteMany({});
    await trackingEntryModel(orders.db).deleteMany({});
  });

  const call = (token: string, method: string, path: string, body?: unknown) =>
    orders.call(method, path, { token, body });

  async function createRule(token: string, rule: Record<string, unknown>): Promise<KeywordRule> {
    const answer = await call(token, 'POST', '/api/keyword-rules', rule);
    expect(answer.status).toBe(201);
    return answer.body.rule as KeywordRule;
  }

  async function insertOrder(accountId: string, fields: Record<string, unknown> = {}) {
    orderSeq += 1;
    return trackingEntryModel(orders.db).create({
      accountId,
      orderNumber: `C-${orderSeq}`,
      source: 'csv',
      status: 'pending',
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, orderSeq)),
      ...fields,
    });
  }

  async function applyRules(token: string): Promise<RuleApplyJob> {
    const started = await call(token, 'POST', '/api/keyword-rules/apply');
    expect(started.status).toBe(202);
    let job = (started.body as { job: RuleApplyJob }).job;
    const until = Date.now() + 60_000;
    while (job.status === 'running') {
      if (Date.now() > until) throw new Error('the rules were still being applied after 60 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = (await call(token, 'GET', `/api/keyword-rules/apply/${job.id}`)).body.job;
    }
    return job;
  }

  const detailMessages = (answer: Reply) =>
    (answer.body.details as { message: string }[]).map((detail) => detail.message);

  it('stores and lists a rule of conditions alone, and an old-style rule as its keyword alone', async () => {
    const byConditions = await createRule(tokenA, {
      action: 'add_message',
      customMessage: 'Free US shipping upgrade',
      conditions: [
        { field: 'country', operator: 'is_one_of', values: [' us ', 'ca'] },
        { field: 'total', operator: 'gte', value: 50 },
        { field: 'buyerName', operator: 'does_not_contain', value: ' Test ' },
      ],
      match: 'any',
    });
    expect(byConditions).toMatchObject({
      keyword: '',
      conditions: [
        { field: 'country', operator: 'is_one_of', values: ['US', 'CA'] },
        { field: 'total', operator: 'gte', value: 50 },
        { field: 'buyerName', operator: 'does_not_contain', value: 'Test' },
      ],
      match: 'any',
    });
    const byKeyword = await createRule(tokenA, {
      keyword: 'gift',
      action: 'add_message',
      customMessage: 'Wrapped',
    });
    expect(byKeyword).toMatchObject({ keyword: 'gift', conditions: [], match: 'all' });

    const list = await call(tokenA, 'GET', '/api/keyword-rules');
    expect(list.body).toEqual([byConditions, byKeyword]);

    const updated = await call(tokenA, 'PUT', `/api/keyword-rules/${byKeyword.id}`, {
      keyword: 'gift',
      action: 'add_message',
      customMessage: 'Wrapped',
      conditions: [{ field: 'status', operator: 'is_not_one_of', values: ['cancelled'] }],
    });
    expect(updated.body.rule).toMatchObject({
      conditions: [{ field: 'status', operator: 'is_not_one_of', values: ['cancelled'] }],
      match: 'all',
    });
  });

  it('refuses conditions that say nothing, in the words of the rule form', async () => {
    const refused = async (rule: Record<string, unknown>) => {
      const answer = await call(tokenA, 'POST', '/api/keyword-rules', {
        action: 'add_message',
        customMessage: 'Hello',
        ...rule,
      });
      expect(answer.status).toBe(400);
      return detailMessages(answer);
    };
    expect(await refused({ keyword: ' ', conditions: [] })).toEqual([
      ordersMessages.keywordRequired,
    ]);
    expect(
      await refused({ conditions: [{ field: 'courier', operator: 'contains', value: '  ' }] }),
    ).toEqual([ruleConditionMessages.valueRequired]);
    expect(
      await refused({ conditions: [{ field: 'total', operator: 'gt', value: '50' }] }),
    ).toEqual([ruleConditionMessages.numberRequired]);
    expect(
      await refused({ conditions: [{ field: 'country', operator: 'is_one_of', values: [] }] }),
    ).toEqual([ruleConditionMessages.countryRequired]);
    expect(
      await refused({
        conditions: [{ field: 'country', operator: 'is_one_of', values: ['Atlantis'] }],
      }),
    ).toEqual([ruleConditionMessages.unknownCountry]);
    expect(
      await refused({ conditions: [{ field: 'status', operator: 'is_not_one_of', values: [] }] }),
    ).toEqual([ruleConditionMessages.statusRequired]);
    expect(
      await refused({
        conditions: Array.from({ length: MAX_RULE_CONDITIONS + 1 }, () => usaAndFifty[0]),
      }),
    ).toEqual([ruleConditionMessages.tooMany]);

    const unknown = await call(tokenA, 'POST', '/api/keyword-rules', {
      action: 'mark_as_shipped',
      conditions: [{ field: 'total', operator: 'contains', value: 5 }],
      match: 'most',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.map((detail: { path: string }) => detail.path).sort()).toEqual([
      'body.conditions.0.operator',
      'body.match',
    ]);
    expect((await call(tokenA, 'GET', '/api/keyword-rules')).body).toEqual([]);
  });

  it('applies a rule to the existing orders that meet all its conditions, or any', async () => {
    const match = await insertOrder('conditions-seller-a', {
      items: 'Mug',
      shippingCountry: 'US',
      orderTotal: 72,
    });
    const small = await insertOrder('conditions-seller-a', {
      items: 'Mug',
      shippingCountry: 'US',
      orderTotal: 20,
    });
    const british = await insertOrder('conditions-seller-a', {
      items: 'Mug',
      shippingCountry: 'United Kingdom',
      orderTotal: 90,
      customerName: 'Ann Lee',
    });
    const unknownTotal = await insertOrder('conditions-seller-a', { shippingCountry: 'us' });
    await createRule(tokenA, {
      action: 'add_message',
      customMessage: 'Big US order',
      conditions: usaAndFifty,
    });
    await createRule(tokenA, {
      action: 'working_through_orders',
      conditions: [
        { field: 'buyerName', operator: 'starts_with', value: 'ann' },
        { field: 'courier', operator: 'is', value: 'DHL' },
      ],
      match: 'any',
    });

    expect(await applyRules(tokenA)).toMatchObject({ status: 'done', examined: 4, changed: 2 });
    const stored = async (id: unknown) =>
      trackingEntryModel(orders.db).findById(id).lean<Record<string, unknown>>();
    expect(await stored(match._id)).toMatchObject({
      keywordMessage: 'Big US order',
      keywordExplanation:
        "rule 'country is United States and total ≥ 50' matched country United States, total 72",
      status: 'pending',
    });
    expect(await stored(british._id)).toMatchObject({
      status: 'processing',
      statusRule: { keyword: "buyer name starts with 'ann' or courier is 'DHL'" },
    });
    for (const untouched of [small, unknownTotal]) {
      expect(await stored(untouched._id)).toMatchObject({ keywordMessage: null, version: 1 });
    }
  });

  it('previews and tests a rule with conditions against what the orders hold', async () => {
    await insertOrder('conditions-seller-a', {
      items: 'Tee',
      shippingCountry: 'US',
      orderTotal: 50,
    });
    await insertOrder('conditions-seller-a', {
      items: 'Tee',
      shippingCountry: 'CA',
      orderTotal: 80,
    });
    await insertOrder('conditions-seller-b', {
      items: 'Tee',
      shippingCountry: 'US',
      orderTotal: 99,
    });

    const preview = await call(tokenA, 'POST', '/api/keyword-rules/preview', {
      keyword: 'tee',
      action: 'add_message',
      customMessage: 'Hello',
      conditions: usaAndFifty,
    });
    expect(preview.body).toEqual({
      matchCount: 1,
      sample: [
        {
          orderNumber: `C-${orderSeq - 2}`,
          items: 'Tee',
          explanation: "rule 'tee' matched 'Tee' in Items, country United States, total 50",
        },
      ],
    });
    const anyOf = await call(tokenA, 'POST', '/api/keyword-rules/preview', {
      action: 'add_message',
      customMessage: 'Hello',
      conditions: usaAndFifty,
      match: 'any',
    });
    expect(anyOf.body.matchCount).toBe(2);

    await createRule(tokenA, {
      action: 'awaiting_stock',
      conditions: [{ field: 'total', operator: 'lt', value: 10 }],
    });
    const tested = await call(tokenA, 'POST', '/api/keyword-rules/test', {
      itemName: 'Sticker',
      order: { total: 4.5, country: 'GB' },
    });
    expect(tested.body).toMatchObject({
      appliedRules: [{ keyword: 'total < 10', explanation: "rule 'total < 10' matched total 4.5" }],
      finalStatus: 'pending',
    });
    const withoutTotal = await call(tokenA, 'POST', '/api/keyword-rules/test', {
      itemName: 'Sticker',
    });
    expect(withoutTotal.body.appliedRules).toEqual([]);
  });

  it("never lets one seller see, change, preview against or apply another seller's conditions", async () => {
    const rule = await createRule(tokenA, {
      action: 'mark_as_shipped',
      conditions: [{ field: 'country', operator: 'is_one_of', values: ['US'] }],
    });
    const orderA = await insertOrder('conditions-seller-a', { shippingCountry: 'US' });
    const orderB = await insertOrder('conditions-seller-b', { shippingCountry: 'US' });

    expect((await call(tokenB, 'GET', '/api/keyword-rules')).body).toEqual([]);
    const stolen = { action: 'add_message', customMessage: 'x', conditions: usaAndFifty };
    expect((await call(tokenB, 'PUT', `/api/keyword-rules/${rule.id}`, stolen)).status).toBe(404);
    expect((await call(tokenB, 'DELETE', `/api/keyword-rules/${rule.id}`)).status).toBe(404);
    const testedByB = await call(tokenB, 'POST', '/api/keyword-rules/test', {
      itemName: 'Tee',
      order: { country: 'US' },
    });
    expect(testedByB.body.appliedRules).toEqual([]);
    expect(await applyRules(tokenB)).toMatchObject({ examined: 1, changed: 0 });
    expect(await trackingEntryModel(orders.db).findById(orderB._id).lean()).toMatchObject({
      status: 'pending',
      version: 1,
    });

    const previewOfA = await call(tokenA, 'POST', '/api/keyword-rules/preview', {
      action: 'mark_as_shipped',
      conditions: [{ field: 'country', operator: 'is_one_of', values: ['US'] }],
    });
    expect(previewOfA.body.sample.map((one: { orderNumber: string }) => one.orderNumber)).toEqual([
      orderA.orderNumber,
    ]);
    expect((await call(tokenA, 'GET', '/api/keyword-rules')).body).toEqual([rule]);
  });
});
