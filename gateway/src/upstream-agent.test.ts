import { describe, expect, it } from 'vitest';
import { KEEP_ALIVE_TIMEOUT_MS } from '@onvelope/service-kit/http';
import { UPSTREAM_IDLE_SOCKET_MS } from './upstream-agent.js';

describe('the pool of connections to the services', () => {
  it('gives an idle connection up in under half the time a service keeps it', () => {
    expect(UPSTREAM_IDLE_SOCKET_MS).toBeGreaterThan(0);
    expect(UPSTREAM_IDLE_SOCKET_MS).toBeLessThanOrEqual(KEEP_ALIVE_TIMEOUT_MS / 2);
  });
});
