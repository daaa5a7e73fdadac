import { analyticsRoutes } from './analytics/http.js';
import { authRoutes } from './auth/http.js';
import { billingRoutes } from './billing/http.js';
import { notifyRoutes } from './notify/http.js';
import { bulkRoutes } from './orders/bulk.js';
import { ordersRoutes } from './orders/http.js';
import { platformRoutes } from './platform/http.js';
import type { HttpMethod, RouteContract, ServiceName } from './route.js';
import { syncRoutes } from './sync/http.js';
import { trackingRoutes } from './tracking/http.js';

/** Every HTTP call of the product: the gateway routes by it, services validate by it. */
export const routeTable: readonly RouteContract[] = [
  ...platformRoutes,
  ...authRoutes,
  ...ordersRoutes,
  ...bulkRoutes,
  ...syncRoutes,
  ...trackingRoutes,
  ...billingRoutes,
  ...analyticsRoutes,
  ...notifyRoutes,
];

export interface RouteMatch {
  route: RouteContract;
  params: Record<string, string>;
}

/**
 * A path parameter that is not percent-encoded UTF-8 (`%E0%A4%A`, `%ZZ`): the caller's mistake,
 * not the server's. It carries `status` and `expose` as Koa's client errors do, so the gateway's
 * and the services' error handling answer it as a 400 with this message (issue 32, defect 5: it
 * was a URIError, answered 500).
 */
export class MalformedPathError extends Error {
  readonly status = 400;
  readonly expose = true;
  constructor(readonly parameter: string) {
    super(`The address is not valid: ${parameter} has a malformed percent-encoding`);
    this.name = 'MalformedPathError';
  }
}

function decodeParameter(name: string, raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new MalformedPathError(name);
  }
}

interface CompiledRoute {
  route: RouteContract;
  pattern: RegExp;
  names: string[];
  literalSegments: number;
}

function compile(route: RouteContract): CompiledRoute {
  const names: string[] = [];
  const segments = route.path.split('/').filter(Boolean);
  const source = segments
    .map((segment) => {
      const param = /^\{([A-Za-z0-9_]+)\}$/.exec(segment);
      if (param?.[1]) {
        names.push(param[1]);
        return '/([^/]+)';
      }
      return '/' + segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return {
    route,
    pattern: new RegExp(`^${source}/?$`),
    names,
    literalSegments: segments.length - names.length,
  };
}

/**
 * Finds the route for a method and path. Literal segments win over parameters, so
 * `DELETE /api/keyword-rules/clear-all` is not taken for `DELETE /api/keyword-rules/{id}`.
 */
export function createRouteMatcher(routes: readonly RouteContract[] = routeTable) {
  const compiled = routes.map(compile).sort((a, b) => b.literalSegments - a.literalSegments);
  // Most calls name a route without parameters, which no other route can beat: one lookup
  // instead of a scan of every pattern (the gateway matches each call it forwards).
  const literal = new Map<string, RouteContract>();
  for (const { route, names } of compiled) {
    if (!names.length) literal.set(`${route.method} ${route.path}`, route);
  }
  return {
    /** Throws `MalformedPathError` when a parameter of the matching route cannot be decoded. */
    match(method: string, path: string): RouteMatch | undefined {
      const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
      const exact = literal.get(`${method} ${bare}`);
      if (exact) return { route: exact, params: {} };
      for (const candidate of compiled) {
        if (candidate.route.method !== method) continue;
        const found = candidate.pattern.exec(path);
        if (!found) continue;
        const params: Record<string, string> = {};
        candidate.names.forEach((name, index) => {
          params[name] = decodeParameter(name, found[index + 1] ?? '');
        });
        return { route: candidate.route, params };
      }
      return undefined;
    },
    /** Whether any method is routed at this path (to tell 404 from 405). */
    knowsPath(path: string): boolean {
      return compiled.some((candidate) => candidate.pattern.test(path));
    },
  };
}

export function routesOf(service: ServiceName): RouteContract[] {
  return routeTable.filter((route) => route.service === service);
}

export function findRoute(method: HttpMethod, path: string): RouteContract {
  const route = routeTable.find((r) => r.method === method && r.path === path);
  if (!route) throw new Error(`No route ${method} ${path} in the contracts`);
  return route;
}
