import type { Connection } from 'mongoose';
import {
  applyRulesResponse,
  deletedResponse,
  idParams,
  keywordRuleInput,
  keywordRuleResponse,
  keywordRulesResponse,
  rulePreviewResponse,
  ruleTestRequest,
  ruleTestResult,
  searchItemsQuery,
  searchItemsResponse,
} from '@onvelope/contracts';
import {
  callerOf,
  type Logger,
  type NatsConnection,
  type ServiceRoutes,
} from '@onvelope/service-kit';
import { keywordRuleModel } from '../data/keyword-rule.model.js';
import { applyKeywordRules } from '../use-cases/apply-keyword-rules.js';
import {
  clearKeywordRules,
  createKeywordRule,
  deleteKeywordRule,
  listKeywordRules,
  updateKeywordRule,
} from '../use-cases/manage-keyword-rules.js';
import { previewKeywordRule } from '../use-cases/preview-keyword-rule.js';
import { searchItemNames } from '../use-cases/search-item-names.js';
import { testKeywordRules } from '../use-cases/test-keyword-rules.js';
import { contractRoute } from './contract-route.js';

const base = '/api/keyword-rules';
const listRules = contractRoute('GET', base, { response: keywordRulesResponse });
const searchItems = contractRoute('GET', `${base}/search-items`, {
  query: searchItemsQuery,
  response: searchItemsResponse,
});
const createRule = contractRoute('POST', base, {
  body: keywordRuleInput,
  response: keywordRuleResponse,
});
const updateRule = contractRoute('PUT', `${base}/{id}`, {
  params: idParams,
  body: keywordRuleInput,
  response: keywordRuleResponse,
});
const deleteRule = contractRoute('DELETE', `${base}/{id}`, {
  params: idParams,
  response: deletedResponse,
});
const testRules = contractRoute('POST', `${base}/test`, {
  body: ruleTestRequest,
  response: ruleTestResult,
});
const clearRules = contractRoute('DELETE', `${base}/clear-all`, { response: deletedResponse });
const previewRule = contractRoute('POST', `${base}/preview`, {
  body: keywordRuleInput,
  response: rulePreviewResponse,
});
const applyRules = contractRoute('POST', `${base}/apply`, { response: applyRulesResponse });

export interface KeywordRuleRoutesDeps {
  routes: ServiceRoutes;
  db: Connection;
  nats: NatsConnection;
  log: Logger;
}

/** The keyword rule manager (spec 000 §2, §7) plus preview and apply; every call on the caller's account. */
export async function registerKeywordRuleRoutes({ routes, db, nats, log }: KeywordRuleRoutesDeps) {
  await keywordRuleModel(db).createIndexes();
  const account = (ctx: Parameters<typeof callerOf>[0]) => callerOf(ctx).accountId;

  routes.handle(listRules, async (ctx) => listKeywordRules(db, account(ctx)));
  routes.handle(searchItems, async (ctx, { query }) => searchItemNames(db, account(ctx), query.q));
  routes.handle(createRule, async (ctx, { body }) => {
    ctx.status = 201;
    return { rule: await createKeywordRule(db, account(ctx), body) };
  });
  // Before `{id}`: the router tries routes in the order they were registered.
  routes.handle(clearRules, async (ctx) => clearKeywordRules(db, account(ctx)));
  routes.handle(updateRule, async (ctx, { params, body }) => ({
    rule: await updateKeywordRule(db, account(ctx), params.id, body),
  }));
  routes.handle(deleteRule, async (ctx, { params }) =>
    deleteKeywordRule(db, account(ctx), params.id),
  );
  routes.handle(testRules, async (ctx, { body }) =>
    testKeywordRules(db, account(ctx), body.itemName, new Date()),
  );
  routes.handle(previewRule, async (ctx, { body }) => previewKeywordRule(db, account(ctx), body));
  routes.handle(applyRules, async (ctx) =>
    applyKeywordRules(
      { db, nats, log: (ctx.state.log as Logger | undefined) ?? log },
      account(ctx),
    ),
  );
}
