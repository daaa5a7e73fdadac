import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInfra } from '@onvelope/infra';
import { startService, type StartedService } from '@onvelope/testkit';
import { startSyncService } from '../src/index.js';

describe('svc-sync', () => {
  let nats: { natsUrl: string; stop(): Promise<void> };
  let service: StartedService;
  beforeAll(async () => {
    // Its own NATS: on the shared one this replica would answer other files' `sync.markShipped`.
    const { NATS_URL: _ignored, ...env } = process.env;
    nats = await startInfra({ parts: ['nats'], env, log: () => undefined });
    service = await startService(startSyncService, { NATS_URL: nats.natsUrl });
  });
  afterAll(async () => {
    await service?.close();
    await nats?.stop();
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
    await expect(
      startService(startSyncService, { NATS_URL: nats.natsUrl, NODE_ENV: 'production' }),
    ).rejects.toThrow(
      /BIGCARTEL_CLIENT_ID[\s\S]*BIGCARTEL_CLIENT_SECRET[\s\S]*TOKEN_ENCRYPTION_KEY[\s\S]*STATE_SECRET/,
    );
    await expect(
      startService(startSyncService, {
        NATS_URL: nats.natsUrl,
        TOKEN_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64'),
      }),
    ).rejects.toThrow(/TOKEN_ENCRYPTION_KEY: must be 32 bytes/);
  });
});
