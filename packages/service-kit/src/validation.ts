import type { Context, Next } from 'koa';
import type { z } from 'zod';
import type { RouteContract, RouteSchemas } from '@onvelope/contracts';
import { badRequest, zodDetails } from './errors.js';

/** The parsed input of a validated request, typed from its contract. */
export interface ValidatedInput<S extends RouteSchemas> {
  params: S['params'] extends z.ZodType ? z.infer<S['params']> : Record<string, string>;
  query: S['query'] extends z.ZodType ? z.infer<S['query']> : Record<string, unknown>;
  body: S['body'] extends z.ZodType ? z.infer<S['body']> : unknown;
}

function parsePart(schema: z.ZodType | undefined, value: unknown, part: string) {
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw badRequest(
    'Validation failed',
    zodDetails(result.error).map((detail) => ({
      ...detail,
      path: detail.path ? `${part}.${detail.path}` : part,
    })),
  );
}

/**
 * Parses params, query and body with the route's schemas: 400 with one detail per field on failure,
 * otherwise `ctx.state.input` holds the parsed values.
 */
export function validateRequest<S extends RouteSchemas>(route: RouteContract<S>) {
  return async (ctx: Context, next: Next) => {
    ctx.state.input = {
      params: parsePart(route.schemas.params, ctx.params ?? {}, 'params'),
      query: parsePart(route.schemas.query, ctx.query, 'query'),
      body: parsePart(route.schemas.body, (ctx.request as { body?: unknown }).body, 'body'),
    };
    await next();
  };
}
