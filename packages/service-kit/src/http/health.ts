import type { ReadinessResponse } from '@onvelope/contracts';

export interface ReadinessCheck {
  name: string;
  check: () => Promise<void>;
}

const withTimeout = (promise: Promise<void>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ]);

/** Runs every readiness check at once; the service is ready only when all pass. */
export async function checkReadiness(
  service: string,
  checks: ReadinessCheck[],
  timeoutMs = 2_000,
): Promise<ReadinessResponse> {
  const results = await Promise.all(
    checks.map(async ({ name, check }) => {
      try {
        await withTimeout(check(), timeoutMs);
        return { name, ok: true };
      } catch (error) {
        return { name, ok: false, message: (error as Error).message };
      }
    }),
  );
  return {
    status: results.every((r) => r.ok) ? 'ready' : 'not_ready',
    service,
    checks: results,
  };
}
