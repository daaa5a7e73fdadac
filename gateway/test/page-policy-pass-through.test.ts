import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '@onvelope/service-kit/http';
import { startStandIn, startTestGateway, type StandIn } from './support.js';

/** What svc-notify's preview page sends, and what a service must not loosen elsewhere. */
const servicePolicy = `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'`;

describe("a service's own page policy", () => {
  let gateway: RunningService;
  let notify: StandIn;

  beforeAll(async () => {
    // Every answer of this stand-in tries to set its own policy and framing.
    notify = await startStandIn((_req, res) => {
      res.setHeader('content-security-policy', servicePolicy);
      res.setHeader('x-frame-options', 'SAMEORIGIN');
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end('<p style="color: red">page</p>');
    });
    gateway = await startTestGateway({ NOTIFY_SERVICE_URL: notify.url });
  });

  afterAll(async () => {
    await gateway.close();
    await notify.close();
  });

  it('passes the preview page’s Content-Security-Policy and X-Frame-Options through', async () => {
    const answer = await fetch(`${gateway.url}/api/notify/preview-page/a-token`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toBe(servicePolicy);
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // The gateway's other headers stay.
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps the gateway’s own policy on every other answer of the same service', async () => {
    for (const path of ['/api/notify/settings', '/api/notify/unsubscribe/a-token']) {
      const answer = await fetch(`${gateway.url}${path}`);
      expect(answer.headers.get('content-security-policy'), path).toContain(`style-src 'self'`);
      expect(answer.headers.get('content-security-policy'), path).toContain(
        `frame-ancestors 'none'`,
      );
      expect(answer.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });
});
