import { z } from 'zod';
import { errorResponse } from './platform/http.js';
import type { RouteContract } from './route.js';
import { routeTable } from './routes.js';

type JsonSchema = Record<string, unknown>;

/** The JSON Schema of what a request may send (the API document's, the probes' inputs). */
export const toSchema = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

function parameters(route: RouteContract): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const name of route.path.matchAll(/\{([A-Za-z0-9_]+)\}/g)) {
    list.push({ name: name[1], in: 'path', required: true, schema: { type: 'string' } });
  }
  const query = route.schemas.query ? toSchema(route.schemas.query) : undefined;
  const properties = (query?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((query?.required ?? []) as string[]);
  for (const [name, schema] of Object.entries(properties)) {
    list.push({ name, in: 'query', required: required.has(name), schema });
  }
  return list;
}

function operation(route: RouteContract): JsonSchema {
  const ok: JsonSchema = route.schemas.response
    ? {
        description: 'Success',
        content: { 'application/json': { schema: toSchema(route.schemas.response) } },
      }
    : { description: 'Success (schema added by the issue that builds this call)' };
  const error = {
    description: 'Error',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
  return {
    summary: route.summary,
    tags: [route.service],
    'x-owner': route.service,
    'x-access': route.access,
    'x-source': route.source,
    ...(route.access === 'public' ? {} : { security: [{ bearer: [] }] }),
    parameters: parameters(route),
    ...(route.schemas.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toSchema(route.schemas.body) } },
          },
        }
      : {}),
    responses: { '200': ok, '4XX': error, '5XX': error },
  };
}

/** OpenAPI 3.1 for every call in the route table; served by the gateway at `/api/docs`. */
export function buildOpenApiDocument(routes: readonly RouteContract[] = routeTable): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const entry = (paths[route.path] ??= {});
    entry[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'ONVELOPE API', version: '0.1.0' },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: toSchema(errorResponse) },
    },
    paths,
  };
}
