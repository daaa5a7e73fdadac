import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultRuleMessages, type RuleApplyJob, type RuleApplyPreview } from '@onvelope/contracts';
import { keywordRuleModel } from '../src/data/keyword-rule.model.js';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';
import { useOrdersHarness } from './service-harness.js';

describe('previewing what applying the rules would change', () => {
  const orders = useOrdersHarness();
  let tokenA: string;
  let tokenB: string;
  let orderSeq = 0;

  beforeAll(async () => {
    tokenA = await orders.issuer.merchantToken('preview-seller-a');
    tokenB = await orders.issuer.merchantToken('preview-seller-b');
  });
  beforeEach(async () => {
    await keywordRuleModel(orders.db).deleteMany({});
    await trackingEntryModel(orders.db).deleteMany({});
  });

  const call = (token: string | null, method: string, path: string, body?: unknown) =>
    orders.call(method, path, { token, body });

  async function createRule(token: string, rule: Record<string, unknown>) {
    expect((await call(token, 'POST', '/api/keyword-rules', rule)).status).toBe(201);
  }

  async function preview(token: string): Promise<RuleApplyPreview> {
    const answer = await call(token, 'GET', '/api/keyword-rules/apply-preview');
    expect(answer.status).toBe(200);
    return answer.body as RuleApplyPreview;
  }

  async function insertOrder(accountId: string, fields: Record<string, unknown> = {}) {
    orderSeq += 1;
    return trackingEntryModel(orders.db).create({
      accountId,
      orderNumber: `P-${orderSeq}`,
      source: 'csv',
      status: 'pending',
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, orderSeq)),
      ...fields,
    });
  }

  async function applyRules(token: string): Promise<RuleApplyJob> {
    let { job } = (await call(token, 'POST', '/api/keyword-rules/apply')).body as {
      job: RuleApplyJob;
    };
    const until = Date.now() + 30_000;
    while (job.status === 'running' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      ({ job } = (await call(token, 'GET', `/api/keyword-rules/apply/${job.id}`)).body as {
        job: RuleApplyJob;
      });
    }
    return job;
  }

  it("counts the caller's unshipped orders that would change, and how, without changing any", async () => {
    await insertOrder('preview-seller-a', { items: 'Gift wrap, Mug' });
    await insertOrder('preview-seller-a', { items: 'Hoodie', status: 'processing' });
    await insertOrder('preview-seller-a', { productName: 'Digital download' });
    await insertOrder('preview-seller-a', { items: 'Digital download' });
    await insertOrder('preview-seller-a', { items: 'Poster' });
    await insertOrder('preview-seller-a', { items: 'Gift card', status: 'shipped' });
    await insertOrder('preview-seller-a', {
      items: 'Hoodie, Gift wrap',
      status: 'partially_shipped',
    });
    // Another seller's orders match the same words and are never counted.
    await insertOrder('preview-seller-b', { items: 'Gift wrap' });
    await insertOrder('preview-seller-b', { items: 'Digital download' });
    await createRule(tokenA, { keyword: 'gift', action: 'add_message', customMessage: 'Wrapped' });
    await createRule(tokenA, { keyword: 'hoodie', action: 'awaiting_stock' });
    await createRule(tokenA, { keyword: 'download', action: 'mark_as_shipped' });

    const before = await trackingEntryModel(orders.db).find().sort({ _id: 1 }).lean();
    const seen = await preview(tokenA);
    expect(seen).toEqual({
      rules: 3,
      examined: 6,
      changed: 5,
      statusChanges: [
        { from: 'pending', to: 'shipped', count: 2 },
        { from: 'processing', to: 'pending', count: 1 },
      ],
      messagesSet: 3,
      messagesRemoved: 0,
      explanationsOnly: 0,
      sample: [
        {
          orderNumber: 'P-7',
          statusBefore: 'partially_shipped',
          statusAfter: 'partially_shipped',
          messageAfter: `Wrapped | ${defaultRuleMessages.awaiting_stock}`,
        },
        { orderNumber: 'P-4', statusBefore: 'pending', statusAfter: 'shipped', messageAfter: null },
        { orderNumber: 'P-3', statusBefore: 'pending', statusAfter: 'shipped', messageAfter: null },
        {
          orderNumber: 'P-2',
          statusBefore: 'processing',
          statusAfter: 'pending',
          messageAfter: defaultRuleMessages.awaiting_stock,
        },
        {
          orderNumber: 'P-1',
          statusBefore: 'pending',
          statusAfter: 'pending',
          messageAfter: 'Wrapped',
        },
      ],
    });
    expect(await trackingEntryModel(orders.db).find().sort({ _id: 1 }).lean()).toEqual(before);

    // The count is what applying then does.
    expect(await applyRules(tokenA)).toMatchObject({ examined: 6, changed: seen.changed });
    expect(await preview(tokenA)).toMatchObject({ examined: 4, changed: 0, statusChanges: [] });
  });

  it('counts the messages that go when their rule is deleted, and explanations that alone change', async () => {
    await insertOrder('preview-seller-a', { items: 'Gift wrap' });
    await insertOrder('preview-seller-a', { items: 'Gift box' });
    await createRule(tokenA, { keyword: 'wrap', action: 'add_message', customMessage: 'Wrapped' });
    await createRule(tokenA, { keyword: 'box', action: 'add_message', customMessage: 'Boxed' });
    await applyRules(tokenA);
    const rules = (await call(tokenA, 'GET', '/api/keyword-rules')).body as { id: string }[];
    // 'Gift wrap' keeps its message under a rule with another keyword; 'Gift box' loses its own.
    await call(tokenA, 'PUT', `/api/keyword-rules/${rules[0]!.id}`, {
      keyword: 'gift wrap',
      action: 'add_message',
      customMessage: 'Wrapped',
    });
    await call(tokenA, 'DELETE', `/api/keyword-rules/${rules[1]!.id}`);

    expect(await preview(tokenA)).toMatchObject({
      rules: 1,
      examined: 2,
      changed: 2,
      statusChanges: [],
      messagesSet: 0,
      messagesRemoved: 1,
      explanationsOnly: 1,
    });
  });

  it("never counts another seller's rules or orders", async () => {
    await insertOrder('preview-seller-a', { items: 'Gift wrap' });
    await insertOrder('preview-seller-b', { items: 'Gift wrap', keywordMessage: 'B kept' });
    await createRule(tokenB, { keyword: 'gift', action: 'mark_as_shipped' });

    // A has no rules and one order no rule of theirs touches; B's rule and B's message are not A's.
    expect(await preview(tokenA)).toEqual({
      rules: 0,
      examined: 1,
      changed: 0,
      statusChanges: [],
      messagesSet: 0,
      messagesRemoved: 0,
      explanationsOnly: 0,
      sample: [],
    });
    expect(await preview(tokenB)).toMatchObject({
      rules: 1,
      examined: 1,
      changed: 1,
      statusChanges: [{ from: 'pending', to: 'shipped', count: 1 }],
      messagesRemoved: 1,
    });
  });

  it('refuses a caller without a token with a 401', async () => {
    expect((await call(null, 'GET', '/api/keyword-rules/apply-preview')).status).toBe(401);
  });
});
