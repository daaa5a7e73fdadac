import type { Connection } from 'mongoose';
import type { Context } from 'koa';
import {
  clearAllData,
  clearCsvData,
  columnMapping,
  deleteImportTemplate as deleteImportTemplateRoute,
  importMappingMessages,
  listImportTemplates as listImportTemplatesRoute,
  previewUpload,
  saveImportTemplate as saveImportTemplateRoute,
  type ColumnMapping,
  getDeliveryEstimateRule as getDeliveryEstimateRuleRoute,
  getNeedsAttention,
  getSummary,
  listTrackingEntries as listTrackingEntriesRoute,
  saveDeliveryEstimateRule as saveDeliveryEstimateRuleRoute,
  searchTrackingEntries as searchTrackingEntriesRoute,
  uploadCsv,
} from '@onvelope/contracts';
import { type Metrics } from '@onvelope/service-kit/observability';
import { badRequest } from '@onvelope/service-kit/errors';
import { callerOf } from '@onvelope/service-kit/auth';
import { clientGoneSignal, type ServiceRoutes } from '@onvelope/service-kit/http';
import {
  deleteImportTemplate,
  listImportTemplates,
  saveImportTemplate,
  savedMappingsOf,
} from '../data/import-template.model.js';
import { keywordRulesOf } from '../data/keyword-rule.model.js';
import { trackingEntryModel } from '../data/tracking-entry.model.js';
import {
  listTrackingEntries,
  searchTrackingEntries,
  summariseTrackingEntries,
} from '../use-cases/browse-tracking-entries.js';
import { createFairGate } from '../domain/fair-gate.js';
import { clearAllOrders, clearCsvOrders } from '../use-cases/clear-orders.js';
import {
  getDeliveryEstimateRule,
  saveDeliveryEstimateRule,
  type Estimator,
} from '../use-cases/delivery-estimates.js';
import { findShipmentsNeedingAttention } from '../use-cases/find-shipments-needing-attention.js';
import type { ImportThread } from '../import/import-thread.js';
import { receiveCsvFile, type FormFields } from '../import/receive-file.js';
import { fileHeadOf } from '../use-cases/preview-import.js';

/** The form field, before the file, that carries the seller's column mapping (issue 39). */
const MAPPING_FIELD = 'mapping';

/** The mapping sent with a file, if any; a field that is not a mapping is a 400. */
function givenMappingOf(fields: FormFields): ColumnMapping | null {
  const text = fields[MAPPING_FIELD]?.trim();
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest(importMappingMessages.badMappingField);
  }
  const parsed = columnMapping.safeParse(json);
  if (!parsed.success) {
    throw badRequest(
      importMappingMessages.badMappingField,
      parsed.error.issues.map((issue) => ({ message: issue.message, path: issue.path.join('.') })),
    );
  }
  return parsed.data;
}

export interface UploadRoutesDeps {
  routes: ServiceRoutes;
  db: Connection;
  csvUploadMaxBytes: number;
  metrics: Metrics;
  /** Where uploaded files are imported and previewed, off the event loop that answers the other calls. */
  imports: Pick<ImportThread, 'importCsv' | 'previewImport'>;
  /** Gives the orders shown their delivery estimate. */
  estimator: Estimator;
  /** The dashboard's reads of orders running at once; the rest wait their seller's turn. */
  readsInFlight: number;
}

/** The dashboard's order calls under /api/upload (spec 000 §7), and the mapping step's (issue 39). */
export function registerUploadRoutes({
  routes,
  db,
  csvUploadMaxBytes,
  metrics,
  imports,
  estimator,
  readsInFlight,
}: UploadRoutesDeps) {
  const entries = trackingEntryModel(db);
  const readsLeft = metrics.counter({
    name: 'dashboard_reads_left_total',
    help: 'Dashboard reads of orders whose caller hung up while they waited their turn (never run)',
  });
  const reads = createFairGate(readsInFlight, { onLeave: () => readsLeft.inc() });
  metrics.gauge({
    name: 'dashboard_reads',
    help: "Dashboard reads of orders (list, search, needs attention) running, and waiting their seller's turn",
    labelNames: ['state'],
    collect() {
      const { running, waiting } = reads.load();
      this.set({ state: 'running' }, running);
      this.set({ state: 'waiting' }, waiting);
    },
  });
  const importedRows = metrics.counter({
    name: 'import_rows_total',
    help: 'Orders read from uploaded files, by outcome',
    labelNames: ['outcome'],
  });

  routes.handle(uploadCsv, async (ctx) => {
    const { accountId } = callerOf(ctx);
    const [rules, templates] = await Promise.all([
      keywordRulesOf(db, accountId),
      savedMappingsOf(db, accountId),
    ]);
    const result = await receiveCsvFile(ctx.req, csvUploadMaxBytes, async (file, fields) =>
      imports.importCsv({
        accountId,
        file,
        rules,
        mapping: { given: givenMappingOf(fields), templates },
      }),
    );
    importedRows.inc({ outcome: 'imported' }, result.successfulRows);
    importedRows.inc({ outcome: 'skipped' }, result.skippedRows);
    importedRows.inc({ outcome: 'failed' }, result.failedRows);
    return result;
  });

  routes.handle(previewUpload, async (ctx) => {
    const { accountId } = callerOf(ctx);
    const templates = await savedMappingsOf(db, accountId);
    return receiveCsvFile(ctx.req, csvUploadMaxBytes, async (file, fields) => {
      const given = givenMappingOf(fields);
      const head = await fileHeadOf(file);
      return imports.previewImport({ accountId, head, given, templates });
    });
  });

  routes.handle(listImportTemplatesRoute, async (ctx) => ({
    templates: await listImportTemplates(db, callerOf(ctx).accountId),
  }));

  routes.handle(saveImportTemplateRoute, async (ctx, { body }) => {
    ctx.status = 201;
    return saveImportTemplate(db, callerOf(ctx).accountId, body);
  });

  routes.handle(deleteImportTemplateRoute, (ctx, { params }) =>
    deleteImportTemplate(db, callerOf(ctx).accountId, params.templateId),
  );

  /**
   * A read of the caller's orders in their turn for a slot (`reads`), with what gives them their
   * estimate, read beside it (`Estimator.forSeller`). A caller that hangs up while it waits leaves
   * the line.
   */
  const readEstimated = <T>(ctx: Context, read: (accountId: string) => Promise<T>) => {
    const { accountId } = callerOf(ctx);
    return reads.run(
      accountId,
      () => Promise.all([read(accountId), estimator.forSeller(accountId)]),
      clientGoneSignal(ctx),
    );
  };

  routes.handle(listTrackingEntriesRoute, async (ctx, { query }) => {
    const [page, estimate] = await readEstimated(ctx, (accountId) =>
      listTrackingEntries(entries, accountId, query),
    );
    return { ...page, entries: page.entries.map(estimate) };
  });

  routes.handle(getNeedsAttention, async (ctx, { query }) => {
    const [found, estimate] = await readEstimated(ctx, (accountId) =>
      findShipmentsNeedingAttention(entries, accountId, query),
    );
    return { ...found, entries: found.entries.map(estimate) };
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
    const [found, estimate] = await readEstimated(ctx, (accountId) =>
      searchTrackingEntries(entries, accountId, query),
    );
    return { ...found, results: found.results.map(estimate) };
  });

  routes.handle(clearCsvData, (ctx) => clearCsvOrders(entries, callerOf(ctx).accountId));

  routes.handle(clearAllData, (ctx) => clearAllOrders(entries, callerOf(ctx).accountId));
}
