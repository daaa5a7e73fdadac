import { requestJson, type JsonAnswer } from '@onvelope/sim-kit';
import { type StoreFrontSim } from '../src/index.js';

export const jsonApi = 'application/vnd.api+json';

export interface JsonApiResource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<
    string,
    { data: { type: string; id: string } | { type: string; id: string }[] | null }
  >;
}

export interface ListDocument {
  data: JsonApiResource[];
  included: JsonApiResource[];
  meta: { count: number | string };
  links: { next?: string };
}

/** Calls the simulated API as a well-behaved client would, unless headers say otherwise. */
export function call(
  sim: StoreFrontSim,
  token: string,
  pathOrUrl: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<JsonAnswer> {
  return requestJson(pathOrUrl.startsWith('http') ? pathOrUrl : `${sim.url}${pathOrUrl}`, {
    method: init.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: jsonApi,
      'User-Agent': 'ONVELOPE tests (https://onvelope.example)',
      ...(init.body === undefined ? {} : { 'Content-Type': jsonApi }),
      ...init.headers,
    },
    body: init.body,
  });
}

export async function list(
  sim: StoreFrontSim,
  token: string,
  pathOrUrl: string,
): Promise<ListDocument> {
  const response = await call(sim, token, pathOrUrl);
  if (response.status !== 200)
    throw new Error(`${pathOrUrl}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as ListDocument;
}

/** Follows links.next from the first page to the last, as a sync client does. */
export async function listAll(sim: StoreFrontSim, token: string, firstPath: string) {
  const pages: ListDocument[] = [];
  let next: string | undefined = firstPath;
  while (next) {
    const page = await list(sim, token, next);
    pages.push(page);
    next = page.links.next;
  }
  return pages;
}

export function ordersPath(accountId: string, query = ''): string {
  return `/v1/accounts/${accountId}/orders${query ? `?${query}` : ''}`;
}
