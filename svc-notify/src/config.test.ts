import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@onvelope/service-kit';
import { configSchema, unsubscribeSecretOf } from './config.js';

describe('svc-notify configuration', () => {
  it('works with no variables set, on port 4006 and its own database', () => {
    const config = loadConfig(configSchema, {});
    expect(config.PORT).toBe(4006);
    expect(config.MONGO_DB).toBe('onvelope_notify');
    expect(config.PUBLIC_SITE_URL).toBe('http://localhost:8080');
    // A random secret per process when none is set.
    expect(unsubscribeSecretOf(config)).not.toBe(unsubscribeSecretOf(config));
  });

  it('requires the unsubscribe secret in production', () => {
    expect(() =>
      loadConfig(configSchema, {
        NODE_ENV: 'production',
        GATEWAY_SECRET: 'a-gateway-secret-long-enough',
      }),
    ).toThrow(ConfigError);
    const config = loadConfig(configSchema, {
      NODE_ENV: 'production',
      GATEWAY_SECRET: 'a-gateway-secret-long-enough',
      UNSUBSCRIBE_SECRET: 'an-unsubscribe-secret-long-enough',
    });
    expect(unsubscribeSecretOf(config)).toBe('an-unsubscribe-secret-long-enough');
  });
});
