import { createHmac } from 'node:crypto';

/** The header EasyPost signs webhook bodies in. */
export const signatureHeader = 'X-Hmac-Signature';

/**
 * The `X-Hmac-Signature` value for a webhook body: `hmac-sha256-hex=` and the hex HMAC-SHA256 of
 * the body's bytes, keyed with the secret normalised to NFKD, exactly as the official SDKs'
 * `validateWebhook` recomputes it.
 *
 * @example
 * signWebhookBody('{"object":"Event"}', 'sékret'); // 'hmac-sha256-hex=…'
 */
export function signWebhookBody(body: string, secret: string): string {
  const key = Buffer.from(secret.normalize('NFKD'), 'utf8');
  return `hmac-sha256-hex=${createHmac('sha256', key).update(body, 'utf8').digest('hex')}`;
}
