export interface JsonAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body; undefined when the body is empty. */
  body: unknown;
}

/**
 * A raw call to a simulator's API, for what an SDK hides (exact headers and bodies): `body` goes as
 * JSON (the caller names its Content-Type among `headers`).
 *
 * @example
 * const { status, body } = await requestJson(`${sim.url}/v2/trackers`, { headers: { Authorization } });
 */
export async function requestJson(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<JsonAnswer> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: init.headers ?? {},
    body: init.body === undefined ? null : JSON.stringify(init.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as unknown) : undefined,
  };
}
