import type { z } from 'zod';

/** Who may call a route: anyone, a signed-in seller, or a signed-in buyer. */
export type Access = 'public' | 'merchant' | 'customer';

export const serviceNames = [
  'svc-auth',
  'svc-orders',
  'svc-sync',
  'svc-billing',
  'svc-analytics',
  'svc-notify',
  'gateway',
] as const;
export type ServiceName = (typeof serviceNames)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where a call comes from: one of the two spec documents, or implied by them. */
export type RouteSource = 'spec-000' | 'spec-001' | 'implied';

export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
}

/**
 * One HTTP call of the product. Paths use OpenAPI templating (`/api/x/{id}`).
 * Calls whose schemas are not written yet carry none; the issue that builds the call adds them.
 */
export interface RouteContract<S extends RouteSchemas = RouteSchemas> {
  method: HttpMethod;
  path: string;
  service: ServiceName;
  access: Access;
  source: RouteSource;
  summary: string;
  schemas: S;
  /** The body is a file stream (upload or download) and must never be buffered. */
  streaming?: 'request' | 'response';
  /**
   * A seller's call that stays open when their trial or subscription has ended (svc-billing
   * README: a seller never loses access to their own data). See `requiresSubscription`.
   */
  openWithoutSubscription?: true;
  /**
   * A seller's API key may call this route (issue 35): `read` for any key, `write` only for a
   * key with the read-and-write scope. Absent: no key may call it (account, billing, notification
   * settings, key management), whatever the key's scope. The gateway enforces it (`apiKeyMayCall`).
   */
  apiKey?: ApiKeyUse;
  /**
   * What the service answers on success when it is not 200 (issue 35: the API document shows the
   * real code): 201 created, 202 accepted and still running, 302 a redirect. Several when the
   * answer depends on the work (a sync that finished in time is 200, one still running 202).
   */
  status?: SuccessStatus | readonly SuccessStatus[];
  /** What a caller should know beyond the summary; shown in the API document. */
  description?: string;
  /** How the API document shows what the schemas cannot; nothing validates by it. */
  docs?: RouteDocs;
}

/** The success codes the product's services answer. */
export type SuccessStatus = 200 | 201 | 202 | 204 | 302;

/** Refusals a route answers beyond those its access and inputs imply (see `openapi.ts`). */
export type ExtraErrorStatus = 401 | 403 | 404 | 409 | 429;

/**
 * The parts of a call the API document needs that the route's schemas do not hold, because the
 * service reads the body itself (a file upload, a signed webhook) or answers something other than
 * JSON (a page, a script, a file). Documentation only: validation never reads it.
 */
export interface RouteDocs {
  /** The request body the service reads itself, by media type. */
  body?: { mediaType: string; schema: z.ZodType; required: boolean };
  /** An answer that is not JSON (or not only JSON), by media type. */
  answer?: Readonly<Record<string, z.ZodType>>;
  /** Request headers the service reads (a webhook's signature), by name, with what they carry. */
  headers?: Readonly<Record<string, string>>;
  /** Refusals of this route's own rules: a conflict (409), a limit (429), a wrong password (401). */
  errors?: readonly ExtraErrorStatus[];
}

/** What a route asks of an API key that calls it: reading only, or changing the seller's data. */
export type ApiKeyUse = 'read' | 'write';

/**
 * Declares a route with its schemas kept precisely typed, so that services and clients infer
 * request and response types from the same object.
 *
 * @example
 * export const getProfile = defineRoute({ method: 'GET', path: '/auth/profile', service: 'svc-auth',
 *   access: 'merchant', source: 'spec-001', summary: 'Signed-in seller', schemas: { response: profile } });
 */
export function defineRoute<S extends RouteSchemas>(route: RouteContract<S>): RouteContract<S> {
  return route;
}

export type BodyOf<R> = R extends RouteContract<infer S> ? InferOr<S['body']> : never;
export type QueryOf<R> = R extends RouteContract<infer S> ? InferOr<S['query']> : never;
export type ParamsOf<R> = R extends RouteContract<infer S> ? InferOr<S['params']> : never;
export type ResponseOf<R> = R extends RouteContract<infer S> ? InferOr<S['response']> : never;
type InferOr<T> = T extends z.ZodType ? z.infer<T> : undefined;

/** `/api/x/{id}` -> `/api/x/:id`, the form Koa's router and the gateway matcher use. */
export function toColonPath(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

/**
 * A `defineRoute` bound to one owning service, so a domain's route list reads as a table.
 *
 * @example
 * const route = routeOwnedBy('svc-auth');
 * export const login = route('POST', '/auth/login', 'public', 'spec-001', 'Seller sign-in');
 */
export function routeOwnedBy(service: ServiceName) {
  return <S extends RouteSchemas = RouteSchemas>(
    method: HttpMethod,
    path: string,
    access: Access,
    source: RouteSource,
    summary: string,
    extra: {
      schemas?: S;
      streaming?: RouteContract['streaming'];
      openWithoutSubscription?: true;
      apiKey?: ApiKeyUse;
      status?: RouteContract['status'];
      description?: string;
      docs?: RouteDocs;
    } = {},
  ): RouteContract<S> =>
    defineRoute({
      method,
      path,
      service,
      access,
      source,
      summary,
      schemas: extra.schemas ?? ({} as S),
      ...(extra.streaming ? { streaming: extra.streaming } : {}),
      ...(extra.openWithoutSubscription ? { openWithoutSubscription: true } : {}),
      ...(extra.apiKey ? { apiKey: extra.apiKey } : {}),
      ...(extra.status ? { status: extra.status } : {}),
      ...(extra.description ? { description: extra.description } : {}),
      ...(extra.docs ? { docs: extra.docs } : {}),
    });
}
