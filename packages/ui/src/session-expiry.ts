/** spec 001 §4 and spec 000 §5: error texts that mean the session is over. */
const sessionExpiryMarkers = [
  'expired',
  'invalid token',
  'unauthorized',
  'jwt expired',
  'jwt malformed',
  'invalid signature',
];

/**
 * Tells whether an error message says the session has expired, so the caller logs the user out.
 *
 * @example if (isSessionExpiryMessage(error.message)) { logout(); navigate('/login'); }
 */
export function isSessionExpiryMessage(message: string): boolean {
  const text = message.toLowerCase();
  return sessionExpiryMarkers.some((marker) => text.includes(marker));
}
