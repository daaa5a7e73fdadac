import { describe, expect, it } from 'vitest';
import { RequestLog, type RequestFilter, type RequestRecord } from './request-log.js';

interface StoreRecord extends RequestRecord {
  accountId: string | undefined;
}
interface StoreFilter extends RequestFilter {
  accountId?: string;
}

function record(overrides: Partial<StoreRecord> = {}): StoreRecord {
  return {
    method: 'GET',
    path: '/v1/accounts/1/orders',
    url: '/v1/accounts/1/orders?page[limit]=100',
    route: '/v1/accounts/:accountId/orders',
    status: 200,
    accountId: '1',
    at: 0,
    durationMs: 1,
    ...overrides,
  };
}

describe('RequestLog', () => {
  it('filters by method (any case), route, path prefix, status and the simulator’s own fields', () => {
    const log = new RequestLog<StoreRecord, StoreFilter>(
      (entry, filter) => filter.accountId === undefined || entry.accountId === filter.accountId,
    );
    log.add(record());
    log.add(record({ method: 'PUT', status: 429 }));
    log.add(record({ path: '/v1/accounts/2', route: '/v1/accounts/:accountId', accountId: '2' }));
    expect(log.count({ method: 'put' })).toBe(1);
    expect(log.count({ route: '/v1/accounts/:accountId/orders' })).toBe(2);
    expect(log.count({ pathPrefix: '/v1/accounts/2' })).toBe(1);
    expect(log.count({ status: 429 })).toBe(1);
    expect(log.list({ accountId: '2' }).map((entry) => entry.accountId)).toEqual(['2']);
    expect(log.count({ accountId: '1', status: 200 })).toBe(1);
  });

  it('counts every request since the last reset without a filter, beyond the ones it keeps', () => {
    const log = new RequestLog();
    for (let i = 0; i < 25_000; i += 1) log.add(record({ at: i }));
    expect(log.count()).toBe(25_000);
    expect(log.count({})).toBe(25_000);
    const kept = log.list();
    expect(kept).toHaveLength(10_000);
    expect(kept.at(-1)?.at).toBe(24_999);
    log.reset();
    expect(log.count()).toBe(0);
    expect(log.list()).toEqual([]);
  });
});
