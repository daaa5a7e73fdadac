import type { Connection } from 'mongoose';
import {
  applyKeywordRules as applyKeywordRulesRoute,
  clearKeywordRules as clearKeywordRulesRoute,
  createKeywordRule as createKeywordRuleRoute,
  deleteKeywordRule as deleteKeywordRuleRoute,
  getRuleApplyJob as getRuleApplyJobRoute,
  listKeywordRules as listKeywordRulesRoute,
  previewKeywordRule as previewKeywordRuleRoute,
  previewRuleApply as previewRuleApplyRoute,
  searchItemNames as searchItemNamesRoute,
  testKeywordRules as testKeywordRulesRoute,
  updateKeywordRule as updateKeywordRuleRoute,
} from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { type NatsConnection } from '@onvelope/service-kit/nats';
import { callerOf } from '@onvelope/service-kit/auth';
import { type ServiceRoutes } from '@onvelope/service-kit/http';
import { keywordRuleModel } from '../data/keyword-rule.model.js';
import { ruleApplyJobModel } from '../data/rule-apply-job.model.js';
import {
  clearKeywordRules,
  createKeywordRule,
  deleteKeywordRule,
  listKeywordRules,
  updateKeywordRule,
} from '../use-cases/manage-keyword-rules.js';
import { previewKeywordRule } from '../use-cases/preview-keyword-rule.js';
import { previewRuleApply } from '../use-cases/preview-rule-apply.js';
import { getRuleApplyJob, startRuleApplyJob } from '../use-cases/rule-apply-jobs.js';
import { searchItemNames } from '../use-cases/search-item-names.js';
import { testKeywordRules } from '../use-cases/test-keyword-rules.js';

export interface KeywordRuleRoutesDeps {
  routes: ServiceRoutes;
  db: Connection;
  nats: NatsConnection;
  log: Logger;
}

/** The keyword rule manager (spec 000 §2, §7) plus preview and apply; every call on the caller's account. */
export async function registerKeywordRuleRoutes({ routes, db, nats, log }: KeywordRuleRoutesDeps) {
  await keywordRuleModel(db).createIndexes();
  await ruleApplyJobModel(db).syncIndexes();
  const account = (ctx: Parameters<typeof callerOf>[0]) => callerOf(ctx).accountId;

  routes.handle(listKeywordRulesRoute, async (ctx) => listKeywordRules(db, account(ctx)));
  routes.handle(searchItemNamesRoute, async (ctx, { query }) =>
    searchItemNames(db, account(ctx), query.q),
  );
  routes.handle(createKeywordRuleRoute, async (ctx, { body }) => {
    ctx.status = 201;
    return { rule: await createKeywordRule(db, account(ctx), body) };
  });
  // Before `{id}`: the router tries routes in the order they were registered.
  routes.handle(clearKeywordRulesRoute, async (ctx) => clearKeywordRules(db, account(ctx)));
  routes.handle(updateKeywordRuleRoute, async (ctx, { params, body }) => ({
    rule: await updateKeywordRule(db, account(ctx), params.id, body),
  }));
  routes.handle(deleteKeywordRuleRoute, async (ctx, { params }) =>
    deleteKeywordRule(db, account(ctx), params.id),
  );
  routes.handle(testKeywordRulesRoute, async (ctx, { body }) =>
    testKeywordRules(db, account(ctx), body, new Date()),
  );
  routes.handle(previewKeywordRuleRoute, async (ctx, { body }) =>
    previewKeywordRule(db, account(ctx), body),
  );
  routes.handle(previewRuleApplyRoute, async (ctx) => previewRuleApply(db, account(ctx)));
  // The job outlives the request, so it logs with the service's logger.
  routes.handle(applyKeywordRulesRoute, async (ctx) => {
    ctx.status = 202;
    return { job: await startRuleApplyJob({ db, nats, log }, account(ctx)) };
  });
  routes.handle(getRuleApplyJobRoute, async (ctx, { params }) => ({
    job: await getRuleApplyJob({ db }, account(ctx), params.jobId),
  }));
}
