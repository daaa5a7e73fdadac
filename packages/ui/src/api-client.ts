import {
  accessReasons,
  type AccessReason,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type RouteContract,
} from '@onvelope/contracts';
import { rememberEarlyCall, takeEarlyAnswer } from './early-calls.js';
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

  /** The answer's own `error` text, when the server sent one (screens show it, else their fallback). */
  readonly serverMessage: string | undefined;

  /** The raw text of the answer, for screens that show the body (spec 000 §8 'FAILED TO LOAD DATA'). */
  readonly body: string | undefined;

  /** The answer's own `reason` field, when it sent one (a 402 says why the workspace is closed). */
  readonly reason: string | undefined;

  constructor(
    readonly status: number,
    message: string,
    readonly details: ApiErrorDetail[] = [],
    options?: { cause?: unknown; serverMessage?: string; body?: string; reason?: string },
  ) {
    super(message, options);
    this.serverMessage = options?.serverMessage;
    this.body = options?.body;
    this.reason = options?.reason;
  }

  get isNetworkFailure(): boolean {
    return this.status === 0;
  }

  /**
   * A 401, or a message the spec lists as meaning the session is over. Never a 402: its text says
   * the *trial* has expired ('Your free trial has expired...'), and the seller stays signed in.
   */
  get isSessionExpired(): boolean {
    if (this.status === 402) return false;
    return this.status === 401 || isSessionExpiryMessage(this.message);
  }

  /**
   * Why a 402 closed the seller's workspace (the pricing page's `reason`: trial_expired,
   * subscription_required, subscription_cancelled); null for any other status or an unknown reason.
   */
  get paymentRequiredReason(): AccessReason | null {
    if (this.status !== 402) return null;
    return accessReasons.find((known) => known === this.reason) ?? null;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  /** A multipart body (file upload); sent as is, with the browser's own boundary header. */
  form?: FormData;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * A GET the page makes as soon as it shows: remembered for this page, so that on its next load
   * the shell starts it before the remote has loaded, and this call then takes that answer.
   */
  startsEarly?: boolean;
}

export interface ApiClientOptions {
  /** Origin and prefix the paths are relative to; the page's own origin by default. */
  baseUrl?: string;
  /** Bearer token for each call; null sends no Authorization header. */
  getToken?: () => string | null;
  fetch?: typeof fetch;
  /**
   * Called on every 402 answer, before the call rejects with its ApiError: the seller's trial or
   * subscription is over (`reason`, null when the answer named none the client knows). The seller
   * remotes send the browser to the pricing page from here, so no screen has to handle it.
   */
  onPaymentRequired?: (reason: AccessReason | null, error: ApiError) => void;
  /**
   * Called on every 401 answer to a call that carried a bearer token, before the call rejects: the
   * server no longer accepts the session (spec 000 §7: on HTTP 401 the token is cleared). The one
   * place a remote ends the session, so every call it makes (ship, rules, reports, queries…) does.
   * A 401 to a call without a token (a wrong password at sign-in) is not a session ending.
   */
  onSessionExpired?: (error: ApiError) => void;
}

/** How much of an upload's body has been sent. */
export interface UploadProgress {
  sent: number;
  total: number;
}

/** A file a route answered with. */
export interface DownloadedFile {
  blob: Blob;
  /** From the answer's `Content-Disposition`, or null when it named none. */
  filename: string | null;
}

type Slot<Key extends string, T> = [T] extends [undefined]
  ? { [K in Key]?: undefined }
  : { [K in Key]: T };

/**
 * What `call` takes for a route: its body and path parameters are required when the route's
 * contract has schemas for them; the query is always optional (every query field is optional).
 * `token` replaces the client's own token for this call (null sends none), e.g. the buyer's token.
 * `form` is the multipart body of a route that streams its request (`POST /api/upload/csv`).
 * `headers` are sent as well (e.g. `Cache-Control: no-cache` where the spec asks for it).
 */
export type CallOptions<R extends RouteContract> = Slot<'body', BodyOf<R>> &
  Slot<'params', ParamsOf<R>> & {
    query?: Partial<QueryOf<R>>;
    token?: string | null;
    signal?: AbortSignal;
    form?: FormData;
    headers?: Record<string, string>;
    /** See `RequestOptions.startsEarly`. */
    startsEarly?: boolean;
  };

type CallArgs<R extends RouteContract> = [BodyOf<R>, ParamsOf<R>] extends [undefined, undefined]
  ? [options?: CallOptions<R>]
  : [options: CallOptions<R>];

export interface ApiClient {
  /**
   * Calls a route of `@onvelope/contracts`, typed by its schemas: the body and parameters it takes
   * and `ResponseOf<route>` it answers with. Nothing is validated in the browser: the service does
   * that and answers `{ error, details }`, which arrives here as an ApiError.
   *
   * @example
   * const { token, user } = await api.call(login, { body: { email, password } });
   */
  call<R extends RouteContract>(route: R, ...args: CallArgs<R>): Promise<ResponseOf<R>>;
  /**
   * Calls a route that answers with a file (`streaming: 'response'`, e.g. `exportReport`) and
   * resolves to its bytes and the file name of its `Content-Disposition`. Failures are ApiErrors,
   * as with `call`.
   *
   * @example
   * const file = await api.download(exportReport, { body: { ...filters, format: 'csv' } });
   * saveFile(file.blob, file.filename ?? 'report.csv');
   */
  download<R extends RouteContract>(route: R, ...args: CallArgs<R>): Promise<DownloadedFile>;
  /**
   * Calls a route with a multipart body (`form`) like `call`, reporting how much of the body has
   * been sent: for long uploads (`POST /api/upload/csv`), whose server reads the body as it works
   * through it, so what has been sent is about what has been done. Uses XMLHttpRequest, the only
   * browser API that reports upload progress. Failures are ApiErrors, as with `call`.
   *
   * @example
   * const result = await api.upload(uploadCsv, { form }, ({ sent, total }) => show(sent / total));
   */
  upload<R extends RouteContract>(
    route: R,
    options: CallOptions<R> & { form: FormData },
    onProgress: (progress: UploadProgress) => void,
  ): Promise<ResponseOf<R>>;
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

  type SendInit = RequestOptions & { tokenOverride?: { token: string | null } };

  /**
   * A refused call's error, after telling `onPaymentRequired` about a 402 and `onSessionExpired`
   * about a 401 to a call that carried a token.
   */
  function refused(error: ApiError, sentToken: boolean): ApiError {
    if (error.status === 402) options.onPaymentRequired?.(error.paymentRequiredReason, error);
    if (error.status === 401 && sentToken) options.onSessionExpired?.(error);
    return error;
  }

  /** The bearer token a call sends: its own, or the client's. */
  const tokenOf = (init: SendInit) =>
    init.tokenOverride ? init.tokenOverride.token : (options.getToken?.() ?? null);

  /** A request's headers: JSON wanted, the call's own, and its bearer token. */
  function headersOf(init: SendInit): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    const token = tokenOf(init);
    if (token) headers.Authorization = `Bearer ${token}`;
    return headers;
  }

  /** The answer the shell already started for this call (see `early-calls.ts`), if any. */
  function earlyAnswerTo(method: HttpMethod, target: string, init: SendInit) {
    if (!init.startsEarly || method !== 'GET' || baseUrl !== '') return undefined;
    try {
      rememberEarlyCall(globalThis.localStorage, globalThis.location.pathname, target);
    } catch {
      // Storage the browser refuses (privacy settings) only costs the next load its head start.
    }
    return takeEarlyAnswer(target, tokenOf(init));
  }

  /** Sends one request; a non-2xx answer (or none) becomes an ApiError, a 2xx one is returned. */
  async function send(method: HttpMethod, path: string, init: SendInit): Promise<Response> {
    const headers = headersOf(init);
    let body: string | FormData | undefined;
    if (init.form) {
      body = init.form;
    } else if (init.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.body);
    }

    const target = path + queryString(init.query);
    let response: Response;
    try {
      response = await (earlyAnswerTo(method, target, init) ??
        doFetch(baseUrl + target, { method, headers, body, signal: init.signal }));
      init.signal?.throwIfAborted();
    } catch (cause) {
      if (init.signal?.aborted) throw cause;
      throw new ApiError(0, 'Network request failed', [], { cause });
    }
    if (!response.ok) {
      const text = await response.text();
      throw refused(errorFrom(response, parseJson(text), text), 'Authorization' in headers);
    }
    return response;
  }

  async function request<T>(method: HttpMethod, path: string, init: SendInit = {}): Promise<T> {
    const response = await send(method, path, init);
    return parseJson(await response.text()) as T;
  }

  /** The method, path and options of a typed call of `route`. */
  function routeRequest(
    route: RouteContract,
    // Each route's own CallArgs type is checked where `call` or `download` is called.
    callOptions: object | undefined,
  ): [HttpMethod, string, SendInit] {
    const { body, params, query, token, signal, form, headers, startsEarly } = (callOptions ??
      {}) as {
      body?: unknown;
      params?: Record<string, string>;
      query?: RequestOptions['query'];
      token?: string | null;
      signal?: AbortSignal;
      form?: FormData;
      headers?: Record<string, string>;
      startsEarly?: boolean;
    };
    const init: SendInit = { body, form, query, signal, startsEarly, headers: { ...headers } };
    if (callOptions && 'token' in callOptions) init.tokenOverride = { token: token ?? null };
    return [route.method, fillPath(route.path, params), init];
  }

  function call<R extends RouteContract>(
    route: R,
    ...[callOptions]: CallArgs<R>
  ): Promise<ResponseOf<R>> {
    return request<ResponseOf<R>>(...routeRequest(route, callOptions));
  }

  async function download<R extends RouteContract>(
    route: R,
    ...[callOptions]: CallArgs<R>
  ): Promise<DownloadedFile> {
    const [method, path, init] = routeRequest(route, callOptions);
    const response = await send(method, path, {
      ...init,
      headers: { ...init.headers, Accept: '*/*' },
    });
    return {
      blob: await response.blob(),
      filename: filenameFromContentDisposition(response.headers.get('Content-Disposition')),
    };
  }

  function upload<R extends RouteContract>(
    route: R,
    callOptions: CallOptions<R> & { form: FormData },
    onProgress: (progress: UploadProgress) => void,
  ): Promise<ResponseOf<R>> {
    const [method, path, init] = routeRequest(route, callOptions);
    return new Promise((resolve, reject) => {
      if (init.signal?.aborted) {
        reject(new DOMException('The upload was aborted', 'AbortError'));
        return;
      }
      const xhr = new XMLHttpRequest();
      const abort = () => xhr.abort();
      xhr.open(method, baseUrl + path + queryString(init.query));
      const headers = headersOf(init);
      for (const [name, value] of Object.entries(headers)) {
        xhr.setRequestHeader(name, value);
      }
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress({ sent: event.loaded, total: event.total });
      };
      xhr.onloadend = () => init.signal?.removeEventListener('abort', abort);
      xhr.onload = () => {
        const payload = parseJson(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) resolve(payload as ResponseOf<R>);
        else reject(refused(errorFrom(xhr, payload, xhr.responseText), 'Authorization' in headers));
      };
      xhr.onerror = () => reject(new ApiError(0, 'Network request failed'));
      xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
      init.signal?.addEventListener('abort', abort, { once: true });
      xhr.send(callOptions.form);
    });
  }

  return {
    call,
    download,
    upload,
    request,
    get: (path, init) => request('GET', path, init),
    post: (path, body, init) => request('POST', path, { ...init, body }),
    put: (path, body, init) => request('PUT', path, { ...init, body }),
    patch: (path, body, init) => request('PATCH', path, { ...init, body }),
    delete: (path, init) => request('DELETE', path, init),
  };
}

/**
 * The file name a `Content-Disposition` header gives, preferring the RFC 5987 `filename*` form;
 * null when there is none. Any path in the name is dropped.
 *
 * @example filenameFromContentDisposition('attachment; filename="r.csv"') // 'r.csv'
 */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i
    .exec(header)
    ?.slice(1)
    .find((part) => part !== undefined)
    ?.replace(/\\(.)/g, '$1')
    .trim();
  const base = name?.split(/[\\/]/).pop();
  return base || null;
}

/** `/api/x/{id}` with `{ id: 'a b' }` -> `/api/x/a%20b`. */
function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Path parameter ${name} of ${path} is missing.`);
    return encodeURIComponent(value);
  });
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

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorFrom(
  answer: { status: number; statusText: string },
  payload: unknown,
  body: string,
): ApiError {
  if (typeof payload === 'object' && payload !== null && 'error' in payload) {
    const { error, details, reason } = payload as {
      error: unknown;
      details?: unknown;
      reason?: unknown;
    };
    const serverMessage = typeof error === 'string' && error ? error : undefined;
    return new ApiError(
      answer.status,
      serverMessage ?? `HTTP ${answer.status}`,
      Array.isArray(details) ? details.filter(isDetail) : [],
      { serverMessage, body, reason: typeof reason === 'string' ? reason : undefined },
    );
  }
  const text = typeof payload === 'string' && payload ? payload : answer.statusText;
  return new ApiError(answer.status, `HTTP ${answer.status}: ${text}`.trim(), [], { body });
}

function isDetail(value: unknown): value is ApiErrorDetail {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/**
 * The text a screen shows for a failed call (spec 001 §8): the server's `error` field, otherwise the
 * screen's own fallback. A failure without an answer (network) also gets the fallback.
 *
 * @example setError(failureMessage(error, clientMessages.verifyFailed));
 */
export function failureMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** The `details` messages of a failed call joined into one line, or null when it had none. */
export function detailMessages(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.details.length === 0) return null;
  return error.details.map((detail) => detail.message).join(', ');
}
