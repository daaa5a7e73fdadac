import { isSessionExpiryMessage } from './session-expiry.js';

/** One entry of the `details` list every error answer may carry (ARCHITECTURE: error shape). */
export interface ApiErrorDetail {
  message: string;
  path?: string;
}

/**
 * A failed call. `status` is the HTTP status, or 0 when no answer arrived (network failure), so
 * screens can show the spec's separate network-failure texts.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly details: ApiErrorDetail[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  get isNetworkFailure(): boolean {
    return this.status === 0;
  }

  /** A 401, or a message the spec lists as meaning the session is over. */
  get isSessionExpired(): boolean {
    return this.status === 401 || isSessionExpiryMessage(this.message);
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** Origin and prefix the paths are relative to; the page's own origin by default. */
  baseUrl?: string;
  /** Bearer token for each call; null sends no Authorization header. */
  getToken?: () => string | null;
  fetch?: typeof fetch;
}

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

/**
 * A JSON client for the gateway: sends the bearer token, encodes JSON bodies, treats 200-299 as
 * success (spec 001 §7) and turns every other answer into an ApiError carrying `{ error, details }`.
 * No timeout, as the spec's client has none; pass a `signal` to cancel.
 *
 * @example
 * const api = createApiClient({ getToken: () => localStorage.getItem('authToken') });
 * const { user } = await api.get<{ user: StoredUser }>('/auth/profile');
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function request<T>(
    method: HttpMethod,
    path: string,
    init: RequestOptions = {},
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    const token = options.getToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (init.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.body);
    }

    let response: Response;
    try {
      response = await doFetch(baseUrl + path + queryString(init.query), {
        method,
        headers,
        body,
        signal: init.signal,
      });
    } catch (cause) {
      if (init.signal?.aborted) throw cause;
      throw new ApiError(0, 'Network request failed', [], { cause });
    }

    const payload = await readJson(response);
    if (!response.ok) throw errorFrom(response, payload);
    return payload as T;
  }

  return {
    request,
    get: (path, init) => request('GET', path, init),
    post: (path, body, init) => request('POST', path, { ...init, body }),
    put: (path, body, init) => request('PUT', path, { ...init, body }),
    patch: (path, body, init) => request('PATCH', path, { ...init, body }),
    delete: (path, init) => request('DELETE', path, init),
  };
}

function queryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorFrom(response: Response, payload: unknown): ApiError {
  if (typeof payload === 'object' && payload !== null && 'error' in payload) {
    const { error, details } = payload as { error: unknown; details?: unknown };
    return new ApiError(
      response.status,
      typeof error === 'string' && error ? error : `HTTP ${response.status}`,
      Array.isArray(details) ? details.filter(isDetail) : [],
    );
  }
  const text = typeof payload === 'string' && payload ? payload : response.statusText;
  return new ApiError(response.status, `HTTP ${response.status}: ${text}`.trim());
}

function isDetail(value: unknown): value is ApiErrorDetail {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}
