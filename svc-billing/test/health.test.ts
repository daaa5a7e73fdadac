import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type StartedService } from '@onvelope/testkit';
import { startBillingService } from '../src/index.js';

describe('svc-billing', () => {
  let service: StartedService;
  beforeAll(async () => {
    service = await startService(startBillingService);
  });
  afterAll(() => service.close());

  it('is alive and ready once its database and NATS answer', async () => {
    expect(await (await fetch(`${service.url}/healthz`)).json()).toEqual({
      status: 'ok',
      service: 'svc-billing',
    });
    const ready = await fetch(`${service.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', service: 'svc-billing' });
  });
});
