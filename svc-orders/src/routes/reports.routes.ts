import type { Connection } from 'mongoose';
import {
  exportReport as exportReportRoute,
  searchReport as searchReportRoute,
} from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { callerOf } from '@onvelope/service-kit/auth';
import { type ServiceRoutes } from '@onvelope/service-kit/http';
import { trackingEntryModel } from '../data/tracking-entry.model.js';
import { exportReport } from '../use-cases/export-report.js';
import { searchReport } from '../use-cases/search-report.js';

export interface ReportRoutesDeps {
  routes: ServiceRoutes;
  db: Connection;
  log: Logger;
}

/** Advanced reports and export (spec 000 §2 panel, §7). */
export function registerReportRoutes({ routes, db, log }: ReportRoutesDeps) {
  const entries = trackingEntryModel(db);

  routes.handle(searchReportRoute, (ctx, { body }) =>
    searchReport(entries, callerOf(ctx).accountId, body),
  );

  routes.handle(exportReportRoute, async (ctx, { body }) => {
    const file = await exportReport(
      { entries, log: (ctx.state.log as Logger | undefined) ?? log },
      callerOf(ctx).accountId,
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
