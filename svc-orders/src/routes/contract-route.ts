import {
  findRoute,
  type HttpMethod,
  type RouteContract,
  type RouteSchemas,
} from '@onvelope/contracts';

/**
 * A route of the contracts' table with its schemas typed. The orders routes are declared as one
 * list, which keeps only the union of their types; naming the schemas here restores them, and the
 * identity check at start-up proves they are the very schemas the contracts declare.
 *
 * @example
 * const createRule = contractRoute('POST', '/api/keyword-rules', { body: keywordRuleInput, response: keywordRuleResponse });
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
