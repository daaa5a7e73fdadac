import { createHmac, timingSafeEqual } from 'node:crypto';

const signatureOf = (secret: string, notificationId: string) =>
  // 80 bits: a forged address would need 2^80 tries; the label keeps it apart from other tokens.
  createHmac('sha256', secret).update(`notify-bounce\n${notificationId}`).digest().subarray(0, 10);

const TAG = /^([0-9a-f]{24})-([0-9a-f]{20})$/;

const partsOf = (address: string) => {
  const at = address.lastIndexOf('@');
  return at < 1
    ? null
    : { local: address.slice(0, at).toLowerCase(), domain: address.slice(at + 1).toLowerCase() };
};

/**
 * The envelope sender (Return-Path) of one message, VERP-style: `bounces@bounces.example.com`
 * becomes `bounces+<message id>-<signature>@bounces.example.com`, so a delivery report that comes
 * back names the message it is about. Lower-case hex only: some mail servers lower-case the local
 * part, and 8 + 45 characters stay well within its 64.
 */
export function bounceAddressFor(secret: string, base: string, notificationId: string): string {
  const parts = partsOf(base);
  if (!parts) throw new Error(`not an address: ${base}`);
  const signature = signatureOf(secret, notificationId).toString('hex');
  return `${parts.local}+${notificationId}-${signature}@${parts.domain}`;
}

/** The message a bounce address was made for, or null for any other (forged, changed, foreign). */
export function notificationIdOfBounceAddress(
  secret: string,
  base: string,
  address: string,
): string | null {
  const expected = partsOf(base);
  const given = partsOf(address);
  if (!expected || !given || given.domain !== expected.domain) return null;
  if (!given.local.startsWith(`${expected.local}+`)) return null;
  const tag = TAG.exec(given.local.slice(expected.local.length + 1));
  if (!tag) return null;
  const [, notificationId, signature] = tag as unknown as [string, string, string];
  const genuine = signatureOf(secret, notificationId);
  const offered = Buffer.from(signature, 'hex');
  return offered.length === genuine.length && timingSafeEqual(offered, genuine)
    ? notificationId
    : null;
}

const escapedForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The messages named by the genuine bounce addresses anywhere in a text (a complaint quotes the
 * original message, whose Return-Path is one; ARF's `Original-Mail-From` too). Forged or changed
 * tags are skipped, as at RCPT TO.
 */
export function notificationIdsInText(secret: string, base: string, text: string): string[] {
  const parts = partsOf(base);
  if (!parts) return [];
  const tagged = new RegExp(
    `${escapedForPattern(parts.local)}\\+[0-9a-f]{24}-[0-9a-f]{20}@${escapedForPattern(parts.domain)}`,
    'gi',
  );
  const ids = [...text.matchAll(tagged)].flatMap(
    ([address]) => notificationIdOfBounceAddress(secret, base, address) ?? [],
  );
  return [...new Set(ids)];
}

/** Whether an address is the untagged base itself (where feedback loops are registered to write). */
export function isBaseBounceAddress(base: string, address: string): boolean {
  const expected = partsOf(base);
  const given = partsOf(address);
  return (
    expected !== null &&
    given !== null &&
    given.local === expected.local &&
    given.domain === expected.domain
  );
}
