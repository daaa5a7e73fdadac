import { describe, expect, it } from 'vitest';
import { loadConfig } from '@onvelope/service-kit/config';
import { configSchema } from './config.js';

const production = { NODE_ENV: 'production', GATEWAY_SECRET: 'g'.repeat(16) };

describe('svc-billing configuration', () => {
  it('refuses stripe-mock in production, unless told it is a local trial', () => {
    const mock = { STRIPE_MOCK_URL: 'http://stripe-mock:12111' };
    expect(() => loadConfig(configSchema, { ...production, ...mock })).toThrow(
      /STRIPE_MOCK_URL: names a simulator and is refused in production/,
    );
    expect(
      loadConfig(configSchema, { ...production, ...mock, ALLOW_SIMULATORS: 'true' })
        .STRIPE_MOCK_URL,
    ).toBe('http://stripe-mock:12111');
    expect(loadConfig(configSchema, mock).STRIPE_MOCK_URL).toBe('http://stripe-mock:12111');
    expect(loadConfig(configSchema, production).STRIPE_MOCK_URL).toBeUndefined();
  });
});
