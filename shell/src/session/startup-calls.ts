import type { getProfile, ResponseOf } from '@onvelope/contracts';
import { isSessionExpiryMessage } from '@onvelope/ui';

// The shell's two startup calls go out with fetch, not @onvelope/ui's API client: the client
// imports @onvelope/contracts at run time, which would put every schema and zod (~35 kB gzip) in
// front of the first page. Their types still come from the contracts.

/** The path of the contracts' `getProfile` (startup-calls.test.ts keeps the two equal). */
export const profilePath = '/auth/profile';
export type ProfileAnswer = ResponseOf<typeof getProfile>;

/** A call's answer: the parsed body when it succeeded, else its status and `error` text. */
export type StartupAnswer<T> = { ok: true; body: T } | { ok: false; status: number; error: string };

/** GET `path` as JSON, with the seller's bearer token when there is one. Network failures throw. */
export async function getJson<T>(
  path: string,
  options: { token?: string; signal: AbortSignal },
): Promise<StartupAnswer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const response = await fetch(path, { headers, signal: options.signal });
  const text = await response.text();
  if (response.ok) return { ok: true, body: JSON.parse(text) as T };
  return { ok: false, status: response.status, error: errorText(text) };
}

function errorText(body: string): string {
  try {
    const { error } = JSON.parse(body) as { error?: unknown };
    return typeof error === 'string' ? error : '';
  } catch {
    // Not JSON (a proxy's page, say): its text is what the API client would judge too.
    return body;
  }
}

/**
 * Whether a refused call means the session is over: the rule of the API client's
 * `ApiError.isSessionExpired` (a 401, or a message the spec lists; never a 402, which says the
 * trial has expired while the seller stays signed in).
 */
export function endsSession(status: number, error: string): boolean {
  if (status === 402) return false;
  return status === 401 || isSessionExpiryMessage(error);
}
