import { z } from 'zod';
import { requiresSubscription } from './billing/access.js';
import { apiKeySecretPrefix } from './auth/api-keys.js';
import { operationIds } from './openapi-operation-ids.js';
import { errorResponsesOf, sharedErrorResponses } from './openapi-responses.js';
import { errorResponse } from './platform/http.js';
import type { RouteContract, ServiceName, SuccessStatus } from './route.js';
import { routeTable } from './routes.js';

type JsonSchema = Record<string, unknown>;

/** The JSON Schema of what a request may send (the API document's, the probes' inputs). */
export const toSchema = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/**
 * A schema inside the document: OpenAPI 3.1 gives the dialect once, not per schema. Answers are
 * described as the services build them (`output`: defaults filled in), but without zod's closing of
 * every object: no service checks its answers against the schema, and a client that refused an
 * added field would break on the next release.
 */
function embedded(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const def = zodSchema._zod.def;
      if (io === 'output' && def.type === 'object' && !('catchall' in def && def.catchall)) {
        delete jsonSchema.additionalProperties;
      }
    },
  }) as JsonSchema;
  return rest;
}

/** One tag per service, named as the code names it, shown by its product name. */
const serviceTags: Record<ServiceName, { displayName: string; description: string }> = {
  gateway: {
    displayName: 'Platform',
    description: 'The gateway itself: the readiness of the whole system and this document.',
  },
  'svc-auth': {
    displayName: 'Accounts',
    description:
      'Sellers and buyers: sign-up, sign-in, email verification, passwords, Google sign-in, onboarding, account settings, API keys, and the public keys that verify tokens.',
  },
  'svc-orders': {
    displayName: 'Orders',
    description:
      'Tracking entries: CSV import, search and summaries, shipping, keyword rules, reports and export, buyer queries, order lookup and claims, signed tracking links.',
  },
  'svc-sync': {
    displayName: 'Store-fronts and live tracking',
    description:
      'Store-front connections (Big Cartel) and their syncs, and live tracking from the carriers (the tracking provider’s webhook).',
  },
  'svc-billing': {
    displayName: 'Billing',
    description:
      'Plans, Stripe checkout and payment intents, the subscription, and the Stripe webhook.',
  },
  'svc-analytics': {
    displayName: 'Analytics',
    description: 'Rollups of the seller’s orders: countries, items, revenue, buyers, delivery.',
  },
  'svc-notify': {
    displayName: 'Notifications',
    description:
      'Buyer notifications: the seller’s settings, previews and history, and the buyer’s unsubscribe.',
  },
};

const securitySchemes = {
  sellerToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'A seller’s session token, from sign-in (`POST /auth/login`), email verification or Google sign-in.',
  },
  buyerToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'A buyer’s session token, from buyer sign-in (`POST /api/customer-auth/login`) or email verification.',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
    description: `A seller’s API key (\`${apiKeySecretPrefix}…\`), created in Account Settings > API Keys; \`Authorization: Bearer ${apiKeySecretPrefix}…\` works too. A read key calls the operations marked \`x-api-key: read\`; a read-and-write key also those marked \`write\`. Every key has its own rate limit.`,
  },
};

/** Who may call a route, as OpenAPI security requirements (`[]`: anyone, no credential). */
function securityOf(route: RouteContract): JsonSchema[] {
  if (route.access === 'public') return [];
  if (route.access === 'customer') return [{ buyerToken: [] }];
  return [{ sellerToken: [] }, ...(route.apiKey ? [{ apiKey: [] }] : [])];
}

/** The contract's facts a caller needs, in words: who may call, what it costs, how it streams. */
function descriptionOf(route: RouteContract): string {
  const who = {
    public: 'Anyone may call it: no token.',
    customer: 'A signed-in buyer’s token.',
    merchant: !route.apiKey
      ? 'A signed-in seller’s token; API keys cannot call it.'
      : route.apiKey === 'read'
        ? 'A signed-in seller’s token, or any of their API keys.'
        : 'A signed-in seller’s token, or one of their read-and-write API keys.',
  }[route.access];
  const subscription =
    route.access !== 'merchant'
      ? []
      : requiresSubscription(route)
        ? ['Needs a trial or subscription that is still running (402 otherwise).']
        : route.openWithoutSubscription
          ? ['Open after the trial or subscription has ended: a seller never loses their data.']
          : [];
  const streaming = {
    request: ['The body is streamed to the service as it arrives, never held whole.'],
    response: ['The answer is streamed as it is written.'],
    none: [],
  }[route.streaming ?? 'none'];
  // The summary is the operation's title already; the description adds to it.
  const own = route.description ? [route.description] : [];
  return [...own, who, ...subscription, ...streaming].join('\n\n');
}

function parameters(route: RouteContract): JsonSchema[] {
  const list: JsonSchema[] = [];
  const params = route.schemas.params ? embedded(route.schemas.params, 'input') : undefined;
  const paramSchemas = (params?.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of route.path.matchAll(/\{([A-Za-z0-9_]+)\}/g)) {
    const key = name[1] ?? '';
    list.push({
      name: key,
      in: 'path',
      required: true,
      schema: paramSchemas[key] ?? { type: 'string' },
    });
  }
  const query = route.schemas.query ? embedded(route.schemas.query, 'input') : undefined;
  const properties = (query?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((query?.required ?? []) as string[]);
  for (const [name, schema] of Object.entries(properties)) {
    list.push({ name, in: 'query', required: required.has(name), schema });
  }
  for (const [name, description] of Object.entries(route.docs?.headers ?? {})) {
    list.push({ name, in: 'header', required: true, description, schema: { type: 'string' } });
  }
  return list;
}

function requestBody(route: RouteContract): JsonSchema | undefined {
  if (route.schemas.body) {
    return {
      required: true,
      content: { 'application/json': { schema: embedded(route.schemas.body, 'input') } },
    };
  }
  const raw = route.docs?.body;
  if (!raw) return undefined;
  return {
    required: raw.required,
    content: { [raw.mediaType]: { schema: embedded(raw.schema, 'input') } },
  };
}

const successWords: Record<SuccessStatus, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: the work goes on after this answer',
  204: 'Done, nothing to answer',
  302: 'A redirect: follow `Location`',
};

function successResponse(route: RouteContract, status: SuccessStatus): JsonSchema {
  if (status === 302) {
    return {
      description: successWords[302],
      headers: {
        Location: { description: 'Where the browser goes next', schema: { type: 'string' } },
      },
    };
  }
  if (status === 204) return { description: successWords[204] };
  const content: Record<string, JsonSchema> = {};
  if (route.schemas.response) {
    content['application/json'] = { schema: embedded(route.schemas.response, 'output') };
  }
  for (const [mediaType, schema] of Object.entries(route.docs?.answer ?? {})) {
    content[mediaType] = { schema: embedded(schema, 'output') };
  }
  if (!Object.keys(content).length) {
    // Every answer with a body is described: a route without one is a contract to complete.
    throw new Error(`${route.method} ${route.path} answers ${status} with no schema`);
  }
  return { description: successWords[status], content };
}

function operation(route: RouteContract, operationId: string): JsonSchema {
  const statuses = [route.status ?? 200].flat();
  const body = requestBody(route);
  return {
    operationId,
    summary: route.summary,
    description: descriptionOf(route),
    tags: [route.service],
    'x-owner': route.service,
    'x-access': route.access,
    'x-source': route.source,
    ...(route.apiKey ? { 'x-api-key': route.apiKey } : {}),
    security: securityOf(route),
    parameters: parameters(route),
    ...(body ? { requestBody: body } : {}),
    responses: {
      ...Object.fromEntries(
        statuses.map((status) => [String(status), successResponse(route, status)]),
      ),
      ...errorResponsesOf(route),
    },
  };
}

/**
 * OpenAPI 3.1 for every call in the route table; served by the gateway at `/api/docs`. Every
 * operation has an operationId, a tag (its service), a description, its security, its success
 * codes and schemas and the errors it can answer; Redocly's recommended rules pass on it
 * (`openapi.lint.test.ts`).
 */
export function buildOpenApiDocument(routes: readonly RouteContract[] = routeTable): JsonSchema {
  const ids = operationIds(routes);
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const entry = (paths[route.path] ??= {});
    entry[route.method.toLowerCase()] = operation(route, ids.get(route) ?? '');
  }
  const services = [...new Set(routes.map((route) => route.service))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'ONVELOPE API',
      version: '0.1.0',
      description:
        'Order tracking and order management for online-store sellers and their buyers. Every call goes through the gateway; errors answer `{ "error": "...", "details": [...] }`.',
      license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'The gateway that serves this document' }],
    tags: services.map((service) => ({
      name: service,
      'x-displayName': serviceTags[service].displayName,
      description: serviceTags[service].description,
    })),
    components: {
      securitySchemes,
      schemas: { ErrorResponse: embedded(errorResponse, 'output') },
      responses: sharedErrorResponses,
    },
    paths,
  };
}
