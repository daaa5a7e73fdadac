import { describe, expect, it } from 'vitest';
import { loadConfig } from '@onvelope/service-kit/config';
import { configSchema } from './config.js';

const production = {
  NODE_ENV: 'production',
  GATEWAY_SECRET: 'g'.repeat(16),
  BIGCARTEL_CLIENT_ID: 'client',
  BIGCARTEL_CLIENT_SECRET: 'secret',
  TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  STATE_SECRET: 's'.repeat(16),
};
// compose's try profile (.env.example): the store-front and tracking simulators.
const simulators = {
  BIGCARTEL_API_URL: 'http://storefront-sim:4010',
  BIGCARTEL_AUTHORIZE_URL: 'http://localhost:4010/oauth/authorize',
  EASYPOST_API_URL: 'http://tracking-sim:4020/v2/',
};

describe('svc-sync configuration', () => {
  it('talks to Big Cartel and EasyPost themselves in production', () => {
    const config = loadConfig(configSchema, production);
    expect(config.BIGCARTEL_API_URL).toBe('https://api.bigcartel.com');
    expect(config.EASYPOST_API_URL).toBe('https://api.easypost.com/v2/');
  });

  it('refuses the simulators in production, unless told it is a local trial', () => {
    expect(() => loadConfig(configSchema, { ...production, ...simulators })).toThrow(
      /BIGCARTEL_API_URL: must be https:\/\/api\.bigcartel\.com[^]*BIGCARTEL_AUTHORIZE_URL: must be https:\/\/my\.bigcartel\.com[^]*EASYPOST_API_URL: must be https:\/\/api\.easypost\.com/,
    );
    const trial = { ...production, ...simulators, ALLOW_SIMULATORS: 'true' };
    expect(loadConfig(configSchema, trial).BIGCARTEL_API_URL).toBe('http://storefront-sim:4010');
    expect(loadConfig(configSchema, simulators).EASYPOST_API_URL).toBe(
      'http://tracking-sim:4020/v2/',
    );
  });
});
