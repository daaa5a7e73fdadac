import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, loadConfig, serviceConfigSchema } from './config.js';

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
