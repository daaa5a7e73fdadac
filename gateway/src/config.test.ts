import { describe, expect, it } from 'vitest';
import { ConfigError } from '@onvelope/service-kit/config';
import { loadGatewayConfig, serviceBaseUrls } from './config.js';

describe('gateway configuration', () => {
  it('works with no variables set, pointing at the local services', () => {
    const config = loadGatewayConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.CORS_ORIGINS).toEqual(['http://localhost:8080', 'http://localhost:3000']);
    expect(config.BODY_LIMIT_BYTES).toBe(60 * 1024 * 1024);
    expect(config.SERVE_FRONTENDS).toBe(true);
    expect(Object.values(serviceBaseUrls(config)).map(String)).toEqual([
      'http://127.0.0.1:4001/',
      'http://127.0.0.1:4002/',
      'http://127.0.0.1:4003/',
      'http://127.0.0.1:4004/',
      'http://127.0.0.1:4005/',
      'http://127.0.0.1:4006/',
    ]);
  });

  it('reads comma-separated origins and boolean flags', () => {
    const config = loadGatewayConfig({
      CORS_ORIGINS: ' https://a.example ,https://b.example,',
      SERVE_FRONTENDS: '0',
    });
    expect(config.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(config.SERVE_FRONTENDS).toBe(false);
  });

  it('requires GATEWAY_SECRET in production, where the services believe only calls carrying it', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production' })).toThrow(
      /GATEWAY_SECRET: is required in production/,
    );
    expect(
      loadGatewayConfig({ NODE_ENV: 'production', GATEWAY_SECRET: 'x'.repeat(32) }),
    ).toBeTruthy();
  });

  it('names every bad variable at once', () => {
    const attempt = () =>
      loadGatewayConfig({ ORDERS_SERVICE_URL: 'not a url', BODY_LIMIT_BYTES: '-1' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      /ORDERS_SERVICE_URL[\s\S]*BODY_LIMIT_BYTES|BODY_LIMIT_BYTES[\s\S]*ORDERS_SERVICE_URL/,
    );
  });
});
