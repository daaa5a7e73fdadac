import type { Connection } from 'mongoose';
import {
  countBulkSelection,
  exportBulkSelection as exportBulkSelectionRoute,
  getBulkJob,
  listBulkOutcomes,
  startBulkJob,
} from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { callerOf } from '@onvelope/service-kit/auth';
import { type ServiceRoutes } from '@onvelope/service-kit/http';
import { bulkJobModel, bulkOutcomeModel } from '../data/bulk-job.model.js';
import { trackingEntryModel } from '../data/tracking-entry.model.js';
import * as bulk from '../use-cases/bulk-jobs.js';
import { exportBulkSelection } from '../use-cases/export-bulk-selection.js';

export interface BulkRoutesDeps {
  routes: ServiceRoutes;
  db: Connection;
  jobs: bulk.BulkJobs;
}

/** Bulk actions on selected orders (issue 38 item 5); every call on the caller's account. */
export async function registerBulkRoutes({ routes, db, jobs }: BulkRoutesDeps) {
  await bulkJobModel(db).syncIndexes();
  await bulkOutcomeModel(db).syncIndexes();
  const account = (ctx: Parameters<typeof callerOf>[0]) => callerOf(ctx).accountId;

  routes.handle(countBulkSelection, (ctx, { body }) =>
    bulk.countBulkSelection(db, account(ctx), body),
  );
  routes.handle(startBulkJob, async (ctx, { body }) => {
    const job = await bulk.startBulkJob(jobs, db, account(ctx), body);
    ctx.status = 202;
    return { job };
  });
  routes.handle(getBulkJob, async (ctx, { params }) => ({
    job: await bulk.getBulkJob(db, account(ctx), params.jobId),
  }));
  routes.handle(listBulkOutcomes, (ctx, { params, query }) =>
    bulk.listBulkOutcomes(db, account(ctx), params.jobId, query),
  );
  routes.handle(exportBulkSelectionRoute, async (ctx, { body }) => {
    const file = await exportBulkSelection(
      // The request's logger, which every service's request-id middleware sets.
      { entries: trackingEntryModel(db), log: ctx.state.log as Logger },
      account(ctx),
      body,
      new Date(),
    );
    ctx.set('Content-Disposition', `attachment; filename="${file.filename}"`);
    // A seller's orders: never kept by a shared cache.
    ctx.set('Cache-Control', 'no-store');
    ctx.body = file.body;
    ctx.type = file.contentType;
  });
}
