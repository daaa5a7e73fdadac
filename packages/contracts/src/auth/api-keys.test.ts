import { describe, expect, it } from 'vitest';
import { routeTable } from '../routes.js';
import { apiKeyMayCall } from './api-keys.js';

const keyRoutes = (scope: 'read' | 'read_write') =>
  routeTable
    .filter((route) => apiKeyMayCall(route, scope) === 'yes')
    .map((route) => `${route.method} ${route.path}`);

describe('which routes an API key may call', () => {
  it('opens only the seller’s order, search, report, ship, rules and queries calls', () => {
    const open = keyRoutes('read_write');
    expect(open).toContain('GET /api/upload/tracking-entries');
    expect(open).toContain('GET /api/upload/search');
    expect(open).toContain('POST /api/reports/export');
    expect(open).toContain('PUT /api/bigcartel/orders/{orderNumber}/shipped');
    expect(open).toContain('POST /api/keyword-rules');
    expect(open).toContain('POST /api/public/seller-queries/{id}/reply');
    for (const route of routeTable.filter((r) => r.apiKey)) {
      expect(route.access, `${route.method} ${route.path}`).toBe('merchant');
      expect(route.service, `${route.method} ${route.path}`).toBe('svc-orders');
    }
    expect(open.some((route) => / \/auth\//.test(route))).toBe(false);
    expect(open.some((route) => route.includes('/api/payments'))).toBe(false);
    expect(open.some((route) => route.includes('notif'))).toBe(false);
    expect(open.some((route) => route.includes('clear-all-data'))).toBe(false);
  });

  it('gives a read-only key the reads only', () => {
    const reads = keyRoutes('read');
    expect(reads).toContain('POST /api/reports/search');
    expect(reads).not.toContain('PUT /api/bigcartel/orders/{orderNumber}/shipped');
    expect(reads).not.toContain('POST /api/upload/csv');
    expect(reads.filter((route) => route.startsWith('DELETE'))).toEqual([]);
    expect(reads.length).toBeLessThan(keyRoutes('read_write').length);
  });
});
