/** How long to wait before retry number `attempt` (1-based): exponential with full jitter. */
export function backoffMs(attempt: number, baseMs: number, random = Math.random): number {
  const ceiling = baseMs * 2 ** (attempt - 1);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

const MAX_RETRY_AFTER_MS = 120_000;

/**
 * The wait a `Retry-After` header asks for (delta-seconds or an HTTP date), capped at two minutes;
 * null when absent or unreadable, so the caller falls back to its backoff.
 */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  const wait = /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now;
  if (!Number.isFinite(wait)) return null;
  return Math.min(Math.max(0, Math.round(wait)), MAX_RETRY_AFTER_MS);
}

/** Statuses worth another try: rate limited, or the store-front failing on its side. */
export const isRetryableStatus = (status: number) => status === 429 || status >= 500;
