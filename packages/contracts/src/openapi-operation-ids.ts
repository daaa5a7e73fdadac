import * as analytics from './analytics/http.js';
import * as auth from './auth/http.js';
import * as billing from './billing/http.js';
import * as notify from './notify/http.js';
import * as orders from './orders/http.js';
import type { RouteContract } from './route.js';
import * as sync from './sync/http.js';
import * as tracking from './tracking/http.js';

/** The domain modules whose routes are exported by name (`export const markShipped = route(...)`). */
const namedRouteModules: readonly Record<string, unknown>[] = [
  analytics,
  auth,
  billing,
  notify,
  orders,
  sync,
  tracking,
];

/** `GET /api/health` -> `getApiHealth`: for a route the contracts declare without a name. */
function derivedName(route: RouteContract): string {
  const words = route.path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1));
  return route.method.toLowerCase() + words.join('');
}

/**
 * Each route's operationId in the API document: its export name in the contracts (`markShipped`),
 * the name callers already know from the typed client, or one derived from its method and path.
 * Throws when two routes would share one, which OpenAPI forbids.
 */
export function operationIds(routes: readonly RouteContract[]): Map<RouteContract, string> {
  const exportNames = new Map<unknown, string>();
  for (const module of namedRouteModules) {
    for (const [name, value] of Object.entries(module)) {
      if (!exportNames.has(value)) exportNames.set(value, name);
    }
  }
  const ids = new Map<RouteContract, string>();
  const taken = new Map<string, RouteContract>();
  for (const route of routes) {
    const id = exportNames.get(route) ?? derivedName(route);
    const other = taken.get(id);
    if (other) {
      throw new Error(
        `operationId ${id} names both ${other.method} ${other.path} and ${route.method} ${route.path}`,
      );
    }
    taken.set(id, route);
    ids.set(route, id);
  }
  return ids;
}
