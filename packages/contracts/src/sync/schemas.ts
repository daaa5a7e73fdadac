import { z } from 'zod';

export const storeFrontMessages = {
  storeUrlRequired: 'Please enter your BigCartel store URL',
  noConnection: 'No active BigCartel connection found',
  syncFailed: 'Failed to sync orders',
} as const;

export const connectionIdParams = z.object({ id: z.string().min(1) });

/** Spec 000 §3 "Store-front connection". */
export const storeFrontConnection = z.object({
  id: z.string(),
  storeUrl: z.string(),
  storeName: z.string(),
  createdAt: z.iso.datetime(),
  isActive: z.boolean(),
  lastSyncAt: z.iso.datetime().nullable(),
});
export const connectionsResponse = z.object({ connections: z.array(storeFrontConnection) });
/** Spec 000 §7: the screen adds a cache-busting parameter (any value); the service ignores it. */
export const connectionsQuery = z.object({ _: z.string().optional() });

export const connectQuery = z.object({ storeUrl: z.string().trim().optional() });
export const connectResponse = z.object({ authUrl: z.string() });

export const callbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});

export const disconnectResponse = z.object({
  message: z.string(),
  removedOrders: z.number(),
});

/** Spec 000 §3 "Sync status" with the first-sync information. */
export const syncStatusResponse = z.object({
  isFirstSync: z.boolean(),
  syncRecommendation: z.enum(['full', 'incremental']),
  storeName: z.string(),
  estimatedApiOrders: z.number(),
  ordersInDatabase: z.number(),
});

export const syncPhases = z
  .string()
  .regex(
    /^(starting|fetching_orders|fetching_page_\d+|processing_orders|processing_batch_\d+|completed|failed|queued)$/,
  );

/**
 * Spec 000 §3 "Sync progress", plus `totalOrdersInStore`: the store's own count, which the last
 * sync result of an incremental sync reports against (its `totalOrders` are the changed orders).
 */
export const syncProgressResponse = z.object({
  progress: z.object({
    phase: syncPhases,
    ordersFound: z.number(),
    ordersProcessed: z.number(),
    totalOrders: z.number(),
    totalOrdersInStore: z.number(),
    currentPage: z.number(),
    percentage: z.number(),
    syncedCount: z.number(),
    errorCount: z.number(),
    elapsedSeconds: z.number(),
    pagesProcessed: z.number(),
  }),
  syncStatus: z.enum(['idle', 'queued', 'running', 'completed', 'failed']),
  isCurrentlySyncing: z.boolean(),
  lastSyncError: z.string().nullable(),
});

export const startSyncResponse = z.object({
  jobId: z.string(),
  message: z.string(),
  alreadyRunning: z.boolean(),
});

/** Spec 000 §7 `POST .../sync` answer (spec 001 §3 "Sync result"). */
export const syncResultResponse = z.object({
  syncedCount: z.number(),
  totalOrders: z.number(),
  totalOrdersInStore: z.number(),
  pagesProcessed: z.number(),
  errorCount: z.number(),
});

export const clearStoreFrontDataResponse = z.object({
  message: z.string(),
  deletedOrders: z.number(),
  deletedJobs: z.number(),
});
