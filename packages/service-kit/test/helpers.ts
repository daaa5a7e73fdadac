// The JWKS stand-in lives in @onvelope/testkit so every service's tests sign tokens the same way.
export { startTestIssuer as startJwksServer } from '@onvelope/testkit';
