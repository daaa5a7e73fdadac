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

type SessionExpiryListener = () => void;

// One list per bundle: each remote carries its own copy of this package (no Module Federation
// sharing), so a remote's API client and its notice meet here and never another remote's.
const sessionExpiryListeners = new Set<SessionExpiryListener>();

/**
 * Tells every screen listening that the server refused the session (a 401 on a call that carried
 * the token). The API client's `onSessionExpired` calls it after clearing the stored session.
 */
export function announceSessionExpired(): void {
  for (const listener of [...sessionExpiryListeners]) listener();
}

/**
 * Calls `listener` each time the session is announced over; returns the function that stops it.
 *
 * @example useEffect(() => whenSessionExpires(() => setExpired(true)), []);
 */
export function whenSessionExpires(listener: SessionExpiryListener): () => void {
  sessionExpiryListeners.add(listener);
  return () => {
    sessionExpiryListeners.delete(listener);
  };
}
