import {
  findRoute,
  type HttpMethod,
  type RouteContract,
  type RouteSchemas,
} from '@onvelope/contracts';

/**
 * A route of the contracts' table, typed by its schemas. Some domains declare their routes as one
 * list (the orders routes), which keeps only the union of their types; naming the schemas here
 * restores them, and the identity check proves they are the very schemas the contracts declare, so
 * a typed call can never drift from the route it calls.
 *
 * @example
 * const summary = contractRoute('GET', '/api/upload/summary', { query: summaryQuery, response: summaryResponse });
 * const { total } = await api.call(summary, { query: { omitShipped: true } });
 */
export function contractRoute<S extends RouteSchemas>(
  method: HttpMethod,
  path: string,
  schemas: S,
): RouteContract<S> {
  const route = findRoute(method, path);
  const parts = new Set([...Object.keys(route.schemas), ...Object.keys(schemas)]);
  for (const part of parts as Set<keyof RouteSchemas>) {
    if (route.schemas[part] !== schemas[part]) {
      throw new Error(`${method} ${path}: the ${part} schema differs from the contracts`);
    }
  }
  return route as RouteContract<S>;
}
