import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type StartedService } from '@onvelope/testkit';
import { startSyncService } from '../src/index.js';

describe('svc-sync', () => {
  let service: StartedService;
  beforeAll(async () => {
    service = await startService(startSyncService);
  });
  afterAll(async () => {
    await service?.close();
  });

  it('is alive and ready once its database and NATS answer', async () => {
    expect(await (await fetch(`${service.url}/healthz`)).json()).toEqual({
      status: 'ok',
      service: 'svc-sync',
    });
    const ready = await fetch(`${service.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', service: 'svc-sync' });
  });

  it('refuses to start in production without its secrets, naming each', async () => {
    await expect(startService(startSyncService, { NODE_ENV: 'production' })).rejects.toThrow(
      /BIGCARTEL_CLIENT_ID[\s\S]*BIGCARTEL_CLIENT_SECRET[\s\S]*TOKEN_ENCRYPTION_KEY[\s\S]*STATE_SECRET/,
    );
    await expect(
      startService(startSyncService, {
        TOKEN_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64'),
      }),
    ).rejects.toThrow(/TOKEN_ENCRYPTION_KEY: must be 32 bytes/);
  });
});
