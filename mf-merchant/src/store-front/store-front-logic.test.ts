import { ApiError } from '@onvelope/ui';
import { describe, expect, it } from 'vitest';
import {
  activeConnections,
  awaitingConfirmation,
  disconnectFailure,
  idleSync,
  isBusy,
  withSync,
  authorisationReturn,
  connectFailure,
  isLargeStore,
  lastSyncSummary,
  markSyncedNow,
  normaliseStoreUrl,
  phaseText,
  progressOutcome,
  startFailure,
  syncFailure,
  syncOutcome,
  withoutAuthorisationParams,
  type StoreFrontConnection,
  type SyncProgress,
} from './store-front-logic.js';

const connection = (id: string, isActive: boolean): StoreFrontConnection => ({
  id,
  storeUrl: `https://${id}.bigcartel.com`,
  storeName: id,
  createdAt: '2026-01-01T00:00:00.000Z',
  isActive,
  lastSyncAt: null,
});

function progress(
  syncStatus: SyncProgress['syncStatus'],
  fields: Partial<SyncProgress['progress']> = {},
  lastSyncError: string | null = null,
): SyncProgress {
  return {
    progress: {
      phase: syncStatus === 'failed' ? 'failed' : 'completed',
      ordersFound: 0,
      ordersProcessed: 0,
      totalOrders: 0,
      totalOrdersInStore: 0,
      currentPage: 0,
      percentage: 0,
      syncedCount: 0,
      errorCount: 0,
      elapsedSeconds: 0,
      pagesProcessed: 0,
      ...fields,
    },
    syncStatus,
    isCurrentlySyncing: syncStatus === 'running' || syncStatus === 'queued',
    lastSyncError,
  };
}

describe('store URL', () => {
  it('refuses a blank URL or text that is not a URL', () => {
    expect(normaliseStoreUrl('   ')).toBeNull();
    expect(normaliseStoreUrl('my store')).toBeNull();
    expect(normaliseStoreUrl('localhost')).toBeNull();
    expect(normaliseStoreUrl('ftp://shop.bigcartel.com')).toBeNull();
  });

  it('accepts a full URL and a bare host, which it takes as https', () => {
    expect(normaliseStoreUrl(' https://shop.bigcartel.com/ ')).toBe('https://shop.bigcartel.com');
    expect(normaliseStoreUrl('shop.bigcartel.com')).toBe('https://shop.bigcartel.com');
    expect(normaliseStoreUrl('http://shop.example.com/store')).toBe(
      'http://shop.example.com/store',
    );
  });
});

describe('sync texts', () => {
  it('gives every phase its own text, with the page or batch number', () => {
    const phases = [
      'queued',
      'starting',
      'fetching_orders',
      'fetching_page_3',
      'processing_orders',
      'processing_batch_7',
      'completed',
      'failed',
    ];
    const texts = phases.map((phase) => phaseText(phase));
    expect(new Set(texts).size).toBe(phases.length);
    expect(phaseText('fetching_page_3')).toBe('Fetching orders from BigCartel: page 3...');
    expect(phaseText('processing_batch_7')).toBe('Saving orders: batch 7...');
  });

  it('reports new orders, an up-to-date store, or errors after a sync', () => {
    expect(syncOutcome({ syncedCount: 12, ordersInStore: 120, errorCount: 0 })).toEqual({
      kind: 'success',
      text: 'Successfully synced 12 new orders from BigCartel!',
    });
    expect(syncOutcome({ syncedCount: 0, ordersInStore: 120, errorCount: 0 })).toEqual({
      kind: 'success',
      text: 'Sync completed - all 120 BigCartel orders are up to date!',
    });
    const withErrors = syncOutcome({ syncedCount: 3, ordersInStore: 120, errorCount: 2 });
    expect(withErrors.kind).toBe('error');
    expect(withErrors.text).toMatch(/^Sync completed with errors: 2 orders could not be imported/);
  });

  it("reads a watched sync's end from its progress, a failure with the service's reason", () => {
    expect(progressOutcome(progress('completed', { syncedCount: 120, totalOrders: 120 }))).toEqual({
      kind: 'success',
      text: 'Successfully synced 120 new orders from BigCartel!',
    });
    // An incremental sync reports against the store's own count, not the changed orders.
    expect(
      progressOutcome(progress('completed', { totalOrders: 4, totalOrdersInStore: 120 })).text,
    ).toBe('Sync completed - all 120 BigCartel orders are up to date!');
    expect(progressOutcome(progress('failed', {}, 'The store-front did not answer')).text).toBe(
      'The store-front did not answer',
    );
    expect(progressOutcome(progress('failed')).text).toBe('Failed to sync orders');
  });

  it("adds the service's reason to a failed disconnect, in the wording of each screen", () => {
    const refused = new ApiError(503, 'down', [], { serverMessage: 'Try again later' });
    expect(disconnectFailure(refused, 'Failed to disconnect BigCartel store')).toBe(
      'Failed to disconnect BigCartel store: Try again later',
    );
    expect(disconnectFailure(new Error('boom'), 'Failed to disconnect BigCartel')).toBe(
      'Failed to disconnect BigCartel',
    );
  });

  it("adds the service's reason to start and connect failures, and falls back without one", () => {
    const refused = new ApiError(409, 'expired', [], { serverMessage: 'Please reconnect' });
    expect(startFailure(refused)).toBe('Failed to start BigCartel sync: Please reconnect');
    expect(startFailure(new ApiError(0, 'Network request failed'))).toBe(
      'Failed to start BigCartel sync',
    );
    expect(connectFailure(new Error('boom'))).toBe('Failed to initiate BigCartel connection');
    expect(syncFailure(refused)).toBe('Please reconnect');
    expect(syncFailure(new Error('boom'))).toBe('Failed to sync orders');
  });

  it('warns only above 1000 estimated orders', () => {
    expect(isLargeStore(1000)).toBe(false);
    expect(isLargeStore(1001)).toBe(true);
  });

  it('summarises the latest sync for the stats block', () => {
    expect(lastSyncSummary(null)).toBeNull();
    expect(lastSyncSummary(progress('idle'))).toBeNull();
    expect(
      lastSyncSummary(progress('completed', { syncedCount: 5, totalOrders: 9, errorCount: 1 })),
    ).toBe('5 new of 9 orders, 1 with errors');
    expect(
      lastSyncSummary(progress('completed', { totalOrders: 3, totalOrdersInStore: 1500 })),
    ).toBe('0 new of 1500 orders');
    expect(lastSyncSummary(progress('failed', {}, 'Token revoked'))).toBe('Failed: Token revoked');
  });
});

describe('return from authorisation', () => {
  it('turns connected=true&store into a success notice and error into Connection failed', () => {
    expect(authorisationReturn(new URLSearchParams('connected=true&store=Tote+Co'))).toEqual({
      kind: 'connected',
      text: 'BigCartel store "Tote Co" connected successfully!',
    });
    expect(authorisationReturn(new URLSearchParams('error=The+seller+denied+access'))).toEqual({
      kind: 'failed',
      text: 'Connection failed: The seller denied access',
    });
    expect(authorisationReturn(new URLSearchParams('welcome=true'))).toBeNull();
  });

  it('removes only the authorisation parameters from the address', () => {
    const cleaned = withoutAuthorisationParams(
      new URLSearchParams('connected=true&store=Tote&welcome=true'),
    );
    expect(cleaned?.toString()).toBe('welcome=true');
    expect(withoutAuthorisationParams(new URLSearchParams('welcome=true'))).toBeNull();
  });
});

describe('connections', () => {
  it('offers every active connection for syncing, in connection order', () => {
    expect(activeConnections(null)).toEqual([]);
    const list = [connection('a', true), connection('b', false), connection('c', true)];
    expect(activeConnections(list).map((c) => c.id)).toEqual(['a', 'c']);
  });

  it("changes one connection's sync and leaves the others' as they were", () => {
    const first = withSync({}, 'a', { activity: { kind: 'checking' } });
    const both = withSync(first, 'b', { progress: progress('completed', { syncedCount: 7 }) });
    expect(both.a).toEqual({ ...idleSync, activity: { kind: 'checking' } });
    expect(both.b?.activity).toEqual({ kind: 'idle' });
    expect(both.b?.progress?.progress.syncedCount).toBe(7);
    expect(first.b).toBeUndefined();
    expect(isBusy(both.a!)).toBe(true);
    expect(isBusy(both.b!)).toBe(false);
    expect(isBusy({ ...idleSync, activity: { kind: 'syncing', mode: 'full' } })).toBe(true);
  });

  it('asks to confirm the first sync of the first store waiting for it', () => {
    const info = {
      isFirstSync: true,
      syncRecommendation: 'full' as const,
      storeName: 'c',
      estimatedApiOrders: 1500,
      ordersInDatabase: 0,
    };
    const list = [connection('a', true), connection('c', true)];
    expect(awaitingConfirmation(list, {})).toBeNull();
    const syncs = withSync(
      withSync({}, 'a', { activity: { kind: 'syncing', mode: 'full' } }),
      'c',
      { activity: { kind: 'confirming', info } },
    );
    expect(awaitingConfirmation(list, syncs)).toEqual({ connection: list[1], info });
  });

  it('sets the last sync of one connection to now', () => {
    const now = new Date('2026-11-21T10:00:00.000Z');
    const updated = markSyncedNow([connection('a', true), connection('b', true)], 'b', now);
    expect(updated.map((c) => c.lastSyncAt)).toEqual([null, '2026-11-21T10:00:00.000Z']);
  });
});
