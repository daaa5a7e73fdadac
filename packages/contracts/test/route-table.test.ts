import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as contracts from '../src/index.js';
import { createRouteMatcher, routeTable, type RouteContract } from '../src/index.js';

const specDir = fileURLToPath(new URL('../../../../shared/spec/', import.meta.url));

/** The method+path pairs of section 7 ("The calls it makes") of a spec document. */
function specCalls(text: string): string[] {
  const section = text.split(/^## 7\./m)[1]?.split(/^## 8\./m)[0] ?? '';
  const calls = section.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/[^\s|?,):]+)/g);
  return [
    ...new Set([...calls].map(([, method, path]) => `${method} ${path?.replace(/\.$/, '')}`)),
  ];
}

const specFiles = readdirSync(specDir).filter((name) => name.endsWith('.txt'));
const callsBySpec = specFiles.map((name) => specCalls(readFileSync(specDir + name, 'utf8')));
const allSpecCalls = [...new Set(callsBySpec.flat())];
const tableCalls = new Set(routeTable.map((route) => `${route.method} ${route.path}`));

describe('route table', () => {
  it('reads the 59 method and path pairs of section 7 of both spec documents', () => {
    expect(specFiles).toHaveLength(2);
    expect(allSpecCalls).toHaveLength(59);
  });

  it.each(allSpecCalls)('routes the spec call %s', (call) => {
    expect(tableCalls).toContain(call);
  });

  it('marks exactly the spec calls as coming from a spec document', () => {
    const fromSpec = routeTable
      .filter((r) => r.source !== 'implied')
      .map((r) => `${r.method} ${r.path}`);
    expect(new Set(fromSpec)).toEqual(new Set(allSpecCalls));
  });

  it('lists each method and path once', () => {
    expect(tableCalls.size).toBe(routeTable.length);
  });

  it('routes every call the contracts declare (a route left out of its module list is served by its service but refused by the gateway)', () => {
    const isRoute = (value: unknown): value is RouteContract =>
      typeof value === 'object' &&
      value !== null &&
      'method' in value &&
      'path' in value &&
      'service' in value &&
      'schemas' in value;
    const declared = Object.entries(contracts).filter(([, value]) => isRoute(value));
    expect(declared.length).toBeGreaterThan(50);
    const listed = new Set<unknown>(routeTable);
    expect(declared.filter(([, route]) => !listed.has(route)).map(([name]) => name)).toEqual([]);
  });

  it('holds the calls the spec implies', () => {
    for (const call of [
      'POST /api/customer-auth/signup',
      'POST /api/customer-auth/login',
      'POST /api/customer-auth/verify-code',
      'GET /api/bigcartel/callback',
      'POST /api/payments/webhook',
      'GET /auth/google/callback',
      'GET /auth/.well-known/jwks.json',
      'GET /api/health',
    ]) {
      expect(tableCalls).toContain(call);
    }
  });

  it('gives mark-as-shipped to svc-orders, which owns order state', () => {
    const ship = routeTable.find((r) => r.path === '/api/bigcartel/orders/{orderNumber}/shipped');
    expect(ship?.service).toBe('svc-orders');
  });
});

describe('route matcher', () => {
  const matcher = createRouteMatcher();

  it('extracts and decodes path parameters', () => {
    const found = matcher.match('PUT', '/api/bigcartel/orders/A%2F12/shipped');
    expect(found?.route.service).toBe('svc-orders');
    expect(found?.params).toEqual({ orderNumber: 'A/12' });
  });

  it('prefers a literal segment over a parameter', () => {
    expect(matcher.match('DELETE', '/api/keyword-rules/clear-all')?.route.path).toBe(
      '/api/keyword-rules/clear-all',
    );
    expect(matcher.match('DELETE', '/api/keyword-rules/abc')?.route.path).toBe(
      '/api/keyword-rules/{id}',
    );
  });

  it('finds a route without parameters with or without a trailing slash, as the patterns do', () => {
    for (const path of ['/api/upload/summary', '/api/upload/summary/']) {
      expect(matcher.match('GET', path)).toEqual({
        route: expect.objectContaining({ method: 'GET', path: '/api/upload/summary' }),
        params: {},
      });
    }
    expect(matcher.match('GET', '/api/upload/summary//')).toBeUndefined();
  });

  it("refuses a malformed percent-encoding in a parameter as the caller's error (400), naming it", () => {
    // Issue 32, defect 5: an unguarded decodeURIComponent threw a URIError, which answered 500.
    for (const raw of ['%E0%A4%A', '%', '%ZZ', '%C0%80', 'ok%FF']) {
      let thrown: unknown;
      try {
        matcher.match('GET', `/api/payments/local-portal/${raw}`);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, raw).toMatchObject({
        status: 400,
        expose: true,
        message: 'The address is not valid: portalId has a malformed percent-encoding',
      });
    }
    expect(() => matcher.knowsPath('/api/payments/local-portal/%E0%A4%A')).not.toThrow();
  });

  it('does not match another method or an unknown path', () => {
    expect(matcher.match('GET', '/api/upload/csv')).toBeUndefined();
    expect(matcher.knowsPath('/api/upload/csv')).toBe(true);
    expect(matcher.match('GET', '/api/nothing-here')).toBeUndefined();
    expect(matcher.knowsPath('/api/nothing-here')).toBe(false);
  });
});
