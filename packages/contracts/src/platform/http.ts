import { z } from 'zod';
import { defineRoute } from '../route.js';

/** Every error answer of every service and of the gateway (ARCHITECTURE: "Errors have the spec's shape"). */
export const errorResponse = z.object({
  error: z.string(),
  details: z.array(z.object({ message: z.string(), path: z.string().optional() })).optional(),
  /** 402 only: why the workspace is closed (the pricing page's `reason`, svc-billing README). */
  reason: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const livenessResponse = z.object({ status: z.literal('ok'), service: z.string() });

export const readinessCheck = z.object({
  name: z.string(),
  ok: z.boolean(),
  message: z.string().optional(),
});
export const readinessResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  service: z.string(),
  checks: z.array(readinessCheck),
});
export type ReadinessResponse = z.infer<typeof readinessResponse>;

export const systemHealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  services: z.array(
    z.object({
      service: z.string(),
      /** `slow`: no answer within the health timeout; `unreachable`: no connection at all. */
      status: z.enum(['ready', 'not_ready', 'slow', 'unreachable']),
    }),
  ),
});

export const platformRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/health',
    service: 'gateway',
    access: 'public',
    source: 'implied',
    summary: 'Readiness of the gateway and every service behind it',
    schemas: { response: systemHealthResponse },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/docs',
    service: 'gateway',
    access: 'public',
    source: 'implied',
    summary: 'OpenAPI document generated from these contracts',
    description:
      'This document, generated from the contracts, as OpenAPI 3.1 JSON; `?format=html` is the interactive reference to read it with.',
    schemas: {},
    docs: {
      answer: {
        'application/json': z
          .object({ openapi: z.string(), info: z.object({}).loose(), paths: z.object({}).loose() })
          .loose()
          .meta({ description: 'An OpenAPI 3.1 document' }),
        'text/html': z.string(),
      },
    },
  }),
] as const;
