import easyPostModule from '@easypost/api';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhookBody } from './signature.js';

// See test/helpers.ts: the SDK's types say CommonJS, Node loads its ESM build.
const EasyPostClient = ((easyPostModule as { default?: unknown }).default ??
  easyPostModule) as typeof easyPostModule.default;
const utils = new EasyPostClient('EZTK_unused').Utils;

describe('webhook signatures', () => {
  const body = '{"object":"Event","description":"tracker.updated","result":{"weight":16.0}}';

  it('is hmac-sha256-hex= and the hex HMAC-SHA256 of the body', () => {
    const expected = createHmac('sha256', 'secret').update(body).digest('hex');
    expect(signWebhookBody(body, 'secret')).toBe(`hmac-sha256-hex=${expected}`);
  });

  it('passes the SDK’s validateWebhook, whichever Unicode form the secret is written in', () => {
    const composed = 'cl\u00e9';
    const decomposed = 'cle\u0301';
    const headers = { 'x-hmac-signature': signWebhookBody(body, composed) };
    expect(utils.validateWebhook(Buffer.from(body), headers, decomposed)).toEqual(JSON.parse(body));
    expect(() => utils.validateWebhook(Buffer.from(body), headers, 'other')).toThrow();
  });
});
