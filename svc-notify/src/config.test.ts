import { describe, expect, it } from 'vitest';
import { loadConfig } from '@onvelope/service-kit/config';
import {
  bounceTlsFilesOf,
  configSchema,
  unsubscribeSecretOf,
  webhookSecretKeysOf,
} from './config.js';
import { keyIdOf } from './domain/webhook-secret-cipher.js';

describe('svc-notify configuration', () => {
  it('works with no variables set, on port 4006 and its own database', () => {
    const config = loadConfig(configSchema, {});
    expect(config.PORT).toBe(4006);
    expect(config.MONGO_DB).toBe('onvelope_notify');
    expect(config.PUBLIC_SITE_URL).toBe('http://localhost:8080');
    // A random secret per process when none is set.
    expect(unsubscribeSecretOf(config)).not.toBe(unsubscribeSecretOf(config));
  });

  it('takes the bounce intake only with the address whose tagged recipients it accepts', () => {
    expect(() => loadConfig(configSchema, { BOUNCE_SMTP_PORT: '2525' })).toThrow(
      /BOUNCE_ADDRESS: is required with BOUNCE_SMTP_PORT/,
    );
    const config = loadConfig(configSchema, {
      BOUNCE_SMTP_PORT: '2525',
      BOUNCE_ADDRESS: 'bounces@bounces.example.com',
    });
    expect(config.BOUNCE_SMTP_PORT).toBe(2525);
    expect(loadConfig(configSchema, {}).BOUNCE_SMTP_PORT).toBeUndefined();
  });

  it('offers STARTTLS on the intake only with both a key and a certificate file', () => {
    const intake = { BOUNCE_SMTP_PORT: '2525', BOUNCE_ADDRESS: 'bounces@bounces.example.com' };
    expect(bounceTlsFilesOf(loadConfig(configSchema, intake))).toBeUndefined();
    expect(() =>
      loadConfig(configSchema, { ...intake, BOUNCE_TLS_KEY_FILE: '/tls/tls.key' }),
    ).toThrow(/BOUNCE_TLS_CERT_FILE: is required with the other BOUNCE_TLS_ file/);
    expect(() =>
      loadConfig(configSchema, { ...intake, BOUNCE_TLS_CERT_FILE: '/tls/tls.crt' }),
    ).toThrow(/BOUNCE_TLS_KEY_FILE: is required with the other BOUNCE_TLS_ file/);
    const config = loadConfig(configSchema, {
      ...intake,
      BOUNCE_TLS_KEY_FILE: '/tls/tls.key',
      BOUNCE_TLS_CERT_FILE: '/tls/tls.crt',
    });
    expect(bounceTlsFilesOf(config)).toEqual({ keyFile: '/tls/tls.key', certFile: '/tls/tls.crt' });
  });

  it('requires the unsubscribe secret and the webhook secrets key in production', () => {
    const production = {
      NODE_ENV: 'production',
      GATEWAY_SECRET: 'a-gateway-secret-long-enough',
      UNSUBSCRIBE_SECRET: 'an-unsubscribe-secret-long-enough',
      WEBHOOK_SECRETS_KEY: Buffer.alloc(32, 1).toString('base64'),
    };
    const { UNSUBSCRIBE_SECRET: _unsubscribe, ...noUnsubscribeSecret } = production;
    expect(() => loadConfig(configSchema, noUnsubscribeSecret)).toThrow(/UNSUBSCRIBE_SECRET/);
    const { WEBHOOK_SECRETS_KEY: _key, ...noSecretsKey } = production;
    expect(() => loadConfig(configSchema, noSecretsKey)).toThrow(
      /WEBHOOK_SECRETS_KEY: is required in production/,
    );
    const config = loadConfig(configSchema, production);
    expect(unsubscribeSecretOf(config)).toBe('an-unsubscribe-secret-long-enough');
    expect(webhookSecretKeysOf(config).current.id).toBe(keyIdOf(Buffer.alloc(32, 1)));
  });

  it('takes webhook secrets keys of 32 bytes only, and reads the previous ones after a rotation', () => {
    expect(() =>
      loadConfig(configSchema, { WEBHOOK_SECRETS_KEY: Buffer.alloc(16).toString('base64') }),
    ).toThrow(/WEBHOOK_SECRETS_KEY: must be 32 bytes/);
    expect(() =>
      loadConfig(configSchema, {
        WEBHOOK_SECRETS_PREVIOUS_KEYS: `${Buffer.alloc(32, 2).toString('base64')},c2hvcnQ=`,
      }),
    ).toThrow(/WEBHOOK_SECRETS_PREVIOUS_KEYS: each must be 32 bytes/);
    const [current, previous] = [Buffer.alloc(32, 3), Buffer.alloc(32, 4)];
    const ring = webhookSecretKeysOf(
      loadConfig(configSchema, {
        WEBHOOK_SECRETS_KEY: current.toString('base64'),
        WEBHOOK_SECRETS_PREVIOUS_KEYS: ` ${previous.toString('base64')} `,
      }),
    );
    expect(ring.current.key).toEqual(current);
    expect([...ring.readable.keys()].sort()).toEqual([keyIdOf(current), keyIdOf(previous)].sort());
  });

  it('refuses a webhook lease that a try of the full timeout could outlast', () => {
    expect(() =>
      loadConfig(configSchema, { WEBHOOK_TIMEOUT_MS: '10000', WEBHOOK_LEASE_MS: '14999' }),
    ).toThrow(/WEBHOOK_LEASE_MS: must be at least WEBHOOK_TIMEOUT_MS \+ 5000/);
    expect(
      loadConfig(configSchema, { WEBHOOK_TIMEOUT_MS: '10000', WEBHOOK_LEASE_MS: '15000' })
        .WEBHOOK_LEASE_MS,
    ).toBe(15_000);
  });

  it('uses one fixed development key when none is set, so a local database outlives a restart', () => {
    const keys = () => webhookSecretKeysOf(loadConfig(configSchema, {}));
    expect(keys().current.id).toBe(keys().current.id);
  });
});
