import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ConfigError,
  loadConfig,
  refuseSimulatorsInProduction,
  serviceConfigSchema,
} from './config.js';

describe('loadConfig', () => {
  const schema = serviceConfigSchema(
    { port: 4002, database: 'onvelope_orders' },
    {
      STORE_KEY: z.string().length(4),
    },
  );

  it('applies the defaults that make the local stack work', () => {
    const config = loadConfig(schema, { STORE_KEY: 'abcd' });
    expect(config).toMatchObject({
      PORT: 4002,
      MONGO_DB: 'onvelope_orders',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
    });
  });

  it('requires GATEWAY_SECRET in production only, named with the other problems', () => {
    expect(loadConfig(schema, { STORE_KEY: 'abcd' }).GATEWAY_SECRET).toBeUndefined();
    expect(() => loadConfig(schema, { STORE_KEY: 'abcd', NODE_ENV: 'production' })).toThrow(
      /GATEWAY_SECRET: is required in production/,
    );
    expect(
      loadConfig(schema, {
        STORE_KEY: 'abcd',
        NODE_ENV: 'production',
        GATEWAY_SECRET: 's'.repeat(16),
      }).GATEWAY_SECRET,
    ).toBe('s'.repeat(16));
  });

  it('coerces numbers from the environment', () => {
    expect(loadConfig(schema, { STORE_KEY: 'abcd', PORT: '0' }).PORT).toBe(0);
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig(schema, { PORT: 'eighty', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/^PORT:/m);
      expect(problems).toMatch(/^LOG_LEVEL:/m);
      expect(problems).toMatch(/^STORE_KEY:/m);
    }
  });
});

describe('refuseSimulatorsInProduction', () => {
  const schema = serviceConfigSchema(
    { port: 4004, database: 'onvelope_test' },
    {
      PROVIDER_API_URL: z.url().default('https://api.provider.example'),
      PROVIDER_MOCK_URL: z.url().optional(),
    },
  ).superRefine((config, context) =>
    refuseSimulatorsInProduction(config, context, {
      PROVIDER_API_URL: 'https://api.provider.example',
      PROVIDER_MOCK_URL: null,
    }),
  );
  const production = { NODE_ENV: 'production', GATEWAY_SECRET: 's'.repeat(16) };

  it('lets production talk to the provider itself, at any path of its origin', () => {
    expect(
      loadConfig(schema, { ...production, PROVIDER_API_URL: 'https://api.provider.example/v2/' })
        .PROVIDER_API_URL,
    ).toBe('https://api.provider.example/v2/');
  });

  it('refuses a simulator in production, naming each variable', () => {
    expect(() =>
      loadConfig(schema, {
        ...production,
        PROVIDER_API_URL: 'http://provider-sim:4010',
        PROVIDER_MOCK_URL: 'http://stripe-mock:12111',
      }),
    ).toThrow(
      /PROVIDER_API_URL: must be https:\/\/api\.provider\.example in production[^]*PROVIDER_MOCK_URL: names a simulator/,
    );
  });

  it('allows simulators outside production, and in production only when told it is a local trial', () => {
    const simulated = {
      PROVIDER_API_URL: 'http://127.0.0.1:4010',
      PROVIDER_MOCK_URL: 'http://127.0.0.1:12111',
    };
    expect(loadConfig(schema, simulated).PROVIDER_MOCK_URL).toBe('http://127.0.0.1:12111');
    const trial = loadConfig(schema, { ...production, ...simulated, ALLOW_SIMULATORS: 'true' });
    expect(trial.ALLOW_SIMULATORS).toBe(true);
    expect(() =>
      loadConfig(schema, { ...production, ...simulated, ALLOW_SIMULATORS: 'false' }),
    ).toThrow(ConfigError);
  });
});
