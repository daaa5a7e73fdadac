import type { Connection } from 'mongoose';
import {
  clearDataResponse,
  listTrackingEntriesQuery,
  listTrackingEntriesResponse,
  searchQuery,
  searchResponse,
  summaryQuery,
  summaryResponse,
  uploadResult,
} from '@onvelope/contracts';
import { callerOf, type NatsConnection, type ServiceRoutes } from '@onvelope/service-kit';
import { keywordRulesOf } from '../data/keyword-rule.model.js';
import { trackingEntryModel } from '../data/tracking-entry.model.js';
import {
  listTrackingEntries,
  searchTrackingEntries,
  summariseTrackingEntries,
} from '../use-cases/browse-tracking-entries.js';
import { clearAllOrders, clearCsvOrders } from '../use-cases/clear-orders.js';
import { importCsv } from '../use-cases/import-csv.js';
import { contractRoute } from './contract-route.js';
import { receiveCsvFile } from './csv-file.js';

export interface UploadRoutesDeps {
  routes: ServiceRoutes;
  db: Connection;
  nats: NatsConnection;
  csvUploadMaxBytes: number;
}

/** The dashboard's order calls under /api/upload (spec 000 §7). */
export function registerUploadRoutes({ routes, db, nats, csvUploadMaxBytes }: UploadRoutesDeps) {
  const entries = trackingEntryModel(db);

  routes.handle(
    contractRoute('POST', '/api/upload/csv', { response: uploadResult }),
    async (ctx) => {
      const { accountId } = callerOf(ctx);
      const rules = await keywordRulesOf(db, accountId);
      return receiveCsvFile(ctx.req, csvUploadMaxBytes, (file) =>
        importCsv({ entries, nats }, { accountId, file, rules }),
      );
    },
  );

  routes.handle(
    contractRoute('GET', '/api/upload/tracking-entries', {
      query: listTrackingEntriesQuery,
      response: listTrackingEntriesResponse,
    }),
    (ctx, { query }) => listTrackingEntries(entries, callerOf(ctx).accountId, query),
  );

  routes.handle(
    contractRoute('GET', '/api/upload/summary', { query: summaryQuery, response: summaryResponse }),
    (ctx, { query }) =>
      summariseTrackingEntries(entries, callerOf(ctx).accountId, query.omitShipped),
  );

  routes.handle(
    contractRoute('GET', '/api/upload/search', { query: searchQuery, response: searchResponse }),
    (ctx, { query }) => searchTrackingEntries(entries, callerOf(ctx).accountId, query),
  );

  routes.handle(
    contractRoute('DELETE', '/api/upload/clear-csv-data', { response: clearDataResponse }),
    (ctx) => clearCsvOrders(entries, nats, callerOf(ctx).accountId),
  );

  routes.handle(
    contractRoute('DELETE', '/api/upload/clear-all-data', { response: clearDataResponse }),
    (ctx) => clearAllOrders(entries, nats, callerOf(ctx).accountId),
  );
}
