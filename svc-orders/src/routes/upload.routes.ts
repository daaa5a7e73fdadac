import type { Connection } from 'mongoose';
import {
  clearAllData,
  clearCsvData,
  getDeliveryEstimateRule as getDeliveryEstimateRuleRoute,
  getNeedsAttention,
  getSummary,
  listTrackingEntries as listTrackingEntriesRoute,
  saveDeliveryEstimateRule as saveDeliveryEstimateRuleRoute,
  searchTrackingEntries as searchTrackingEntriesRoute,
  uploadCsv,
} from '@onvelope/contracts';
import { callerOf, type Metrics, type ServiceRoutes } from '@onvelope/service-kit';
import { keywordRulesOf } from '../data/keyword-rule.model.js';
import { trackingEntryModel } from '../data/tracking-entry.model.js';
import {
  listTrackingEntries,
  searchTrackingEntries,
  summariseTrackingEntries,
} from '../use-cases/browse-tracking-entries.js';
import { clearAllOrders, clearCsvOrders } from '../use-cases/clear-orders.js';
import {
  getDeliveryEstimateRule,
  saveDeliveryEstimateRule,
  type Estimator,
} from '../use-cases/delivery-estimates.js';
import { findShipmentsNeedingAttention } from '../use-cases/find-shipments-needing-attention.js';
import type { ImportThread } from '../import/import-thread.js';
import { receiveCsvFile } from '../import/receive-file.js';

export interface UploadRoutesDeps {
  routes: ServiceRoutes;
  db: Connection;
  csvUploadMaxBytes: number;
  metrics: Metrics;
  /** Where uploaded files are imported, off the event loop that answers the other calls. */
  imports: Pick<ImportThread, 'importCsv'>;
  /** Gives the orders shown their delivery estimate. */
  estimator: Estimator;
}

/** The dashboard's order calls under /api/upload (spec 000 §7). */
export function registerUploadRoutes({
  routes,
  db,
  csvUploadMaxBytes,
  metrics,
  imports,
  estimator,
}: UploadRoutesDeps) {
  const entries = trackingEntryModel(db);
  const importedRows = metrics.counter({
    name: 'import_rows_total',
    help: 'Orders read from uploaded files, by outcome',
    labelNames: ['outcome'],
  });

  routes.handle(uploadCsv, async (ctx) => {
    const { accountId } = callerOf(ctx);
    const rules = await keywordRulesOf(db, accountId);
    const result = await receiveCsvFile(ctx.req, csvUploadMaxBytes, (file) =>
      imports.importCsv({ accountId, file, rules }),
    );
    importedRows.inc({ outcome: 'imported' }, result.successfulRows);
    importedRows.inc({ outcome: 'skipped' }, result.skippedRows);
    importedRows.inc({ outcome: 'failed' }, result.failedRows);
    return result;
  });

  routes.handle(listTrackingEntriesRoute, async (ctx, { query }) => {
    const page = await listTrackingEntries(entries, callerOf(ctx).accountId, query);
    return { ...page, entries: await estimator.withEstimates(page.entries) };
  });

  routes.handle(getNeedsAttention, async (ctx, { query }) => {
    const found = await findShipmentsNeedingAttention(entries, callerOf(ctx).accountId, query);
    return { ...found, entries: await estimator.withEstimates(found.entries) };
  });

  routes.handle(getDeliveryEstimateRuleRoute, (ctx) =>
    getDeliveryEstimateRule(db, callerOf(ctx).accountId),
  );

  routes.handle(saveDeliveryEstimateRuleRoute, (ctx, { body }) =>
    saveDeliveryEstimateRule(db, callerOf(ctx).accountId, body),
  );

  routes.handle(getSummary, (ctx, { query }) =>
    summariseTrackingEntries(entries, callerOf(ctx).accountId, query.omitShipped),
  );

  routes.handle(searchTrackingEntriesRoute, async (ctx, { query }) => {
    const found = await searchTrackingEntries(entries, callerOf(ctx).accountId, query);
    return { ...found, results: await estimator.withEstimates(found.results) };
  });

  routes.handle(clearCsvData, (ctx) => clearCsvOrders(entries, callerOf(ctx).accountId));

  routes.handle(clearAllData, (ctx) => clearAllOrders(entries, callerOf(ctx).accountId));
}
