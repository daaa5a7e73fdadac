import type { z } from 'zod';
import { readinessResponse, type systemHealthResponse } from '@onvelope/contracts';
import type { UpstreamService } from './config.js';

type SystemHealth = z.infer<typeof systemHealthResponse>;
type ServiceHealth = SystemHealth['services'][number];

async function readinessOf(
  service: UpstreamService,
  baseUrl: URL,
  timeoutMs: number,
): Promise<ServiceHealth> {
  try {
    const answer = await fetch(`${baseUrl.href.replace(/\/$/, '')}/readyz`, {
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = readinessResponse.safeParse(await answer.json().catch(() => undefined));
    const ready = answer.ok && body.success && body.data.status === 'ready';
    return { service, status: ready ? 'ready' : 'not_ready' };
  } catch (error) {
    // A service that is there but too slow to answer is not the same trouble as one that is gone.
    const timedOut = (error as { name?: string }).name === 'TimeoutError';
    return { service, status: timedOut ? 'slow' : 'unreachable' };
  }
}

/** Asks every service's /readyz at once; the system is ok only when all of them are ready. */
export async function checkSystemHealth(
  services: Record<UpstreamService, URL>,
  timeoutMs: number,
): Promise<SystemHealth> {
  const results = await Promise.all(
    (Object.entries(services) as [UpstreamService, URL][]).map(([service, url]) =>
      readinessOf(service, url, timeoutMs),
    ),
  );
  return {
    status: results.every((result) => result.status === 'ready') ? 'ok' : 'degraded',
    services: results,
  };
}
