import type { Context, Next } from 'koa';
import type { z } from 'zod';
import type { RouteContract, RouteSchemas } from '@onvelope/contracts';
import { badRequest, zodDetails } from '../errors/errors.js';

/** The parsed input of a validated request, typed from its contract. */
export interface ValidatedInput<S extends RouteSchemas> {
  params: S['params'] extends z.ZodType ? z.infer<S['params']> : Record<string, string>;
  query: S['query'] extends z.ZodType ? z.infer<S['query']> : Record<string, unknown>;
  body: S['body'] extends z.ZodType ? z.infer<S['body']> : unknown;
}

type Detail = ReturnType<typeof zodDetails>[number];

function parsePart(
  schema: z.ZodType | undefined,
  value: unknown,
  part: string,
  problems: Detail[],
) {
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const detail of zodDetails(result.error)) {
    problems.push({ ...detail, path: detail.path ? `${part}.${detail.path}` : part });
  }
  return undefined;
}

/**
 * Parses params, query and body with the route's schemas: 400 with one detail per bad field (all
 * of them at once),
 * otherwise `ctx.state.input` holds the parsed values.
 */
export function validateRequest<S extends RouteSchemas>(route: RouteContract<S>) {
  return async (ctx: Context, next: Next) => {
    const problems: Detail[] = [];
    const input = {
      params: parsePart(route.schemas.params, ctx.params ?? {}, 'params', problems),
      query: parsePart(route.schemas.query, ctx.query, 'query', problems),
      body: parsePart(
        route.schemas.body,
        (ctx.request as { body?: unknown }).body,
        'body',
        problems,
      ),
    };
    if (problems.length) throw badRequest('Validation failed', problems);
    ctx.state.input = input;
    await next();
  };
}
