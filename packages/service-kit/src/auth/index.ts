/**
 * `@onvelope/service-kit/auth`: who is calling. Bearer tokens checked against svc-auth's JWKS, the
 * caller on the request (`callerOf`), and the revocations every instance follows.
 */
export * from './auth.js';
export * from './revocations.js';
