import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@onvelope/service-kit/config';
import { configSchema } from './config.js';

describe('svc-analytics config', () => {
  it('waits 250 ms for a seller’s changes to pause, and 30 s at most', () => {
    expect(loadConfig(configSchema, {})).toMatchObject({
      ROLLUP_SETTLE_MS: 250,
      ROLLUP_MAX_WAIT_MS: 30_000,
    });
  });

  it('refuses a longest wait shorter than the pause it waits for', () => {
    const load = () =>
      loadConfig(configSchema, { ROLLUP_SETTLE_MS: '5000', ROLLUP_MAX_WAIT_MS: '1000' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow('ROLLUP_MAX_WAIT_MS: must be at least ROLLUP_SETTLE_MS (5000)');
  });

  it('accepts a longest wait equal to the pause', () => {
    const config = loadConfig(configSchema, {
      ROLLUP_SETTLE_MS: '1000',
      ROLLUP_MAX_WAIT_MS: '1000',
    });
    expect(config.ROLLUP_MAX_WAIT_MS).toBe(1_000);
  });
});
