import { type Env } from '@onvelope/service-kit/config';
import { forbidden, unauthorized } from '@onvelope/service-kit/errors';
import { attemptCounters } from '@onvelope/service-kit/mongo';
import { authMessages, createKeyVerifier } from '@onvelope/service-kit/auth';
import { createService } from '@onvelope/service-kit/http';
import { createSmtpMailer, type Mailer } from '@onvelope/service-kit/mail';
import { apiKeyMessages } from '@onvelope/contracts';
import { configSchema } from './config.js';
import { apiKeyModel } from './data/api-key.model.js';
import { serveApiKeyAuthentication, startApiKeyRevocationRelay } from './events/api-key-revoked.js';
import { registerApiKeyRoutes } from './routes/api-keys.routes.js';
import { customerModel } from './data/customer.model.js';
import { oneTimeCodeModel } from './data/one-time-code.model.js';
import { sellerModel } from './data/seller.model.js';
import type { AuthDeps } from './deps.js';
import { serveCustomerEmail } from './events/customer-email.js';
import { serveSellerCountry } from './events/seller-country.js';
import { serveSellerTimeZone } from './events/seller-time-zone.js';
import { serveSellerPublicProfile } from './events/seller-public-profile.js';
import { startSellerProfileRelay } from './events/seller-profile.js';
import { startRevocationRelay } from './events/tokens-revoked.js';
import { refuseRevokedToken } from './accounts/token-revocation.js';
import { createGoogleSignIn, registerGoogleRoutes } from './google/index.js';
import { registerCustomerRoutes } from './routes/customer-auth.routes.js';
import { registerJwksRoutes } from './routes/jwks.routes.js';
import { registerSellerRoutes } from './routes/seller-auth.routes.js';
import { registerSettingsRoutes } from './routes/settings.routes.js';
import { openSigningKeyRing, type SigningKeyRing } from './use-cases/signing-key-ring.js';
import { signInWithGoogle } from './use-cases/sign-in-with-google.js';
import { addressLimits } from './domain/sign-in-throttle.js';

export type { AuthDeps } from './deps.js';

/** What a test (or another embedding) may put in place of the real thing. */
export interface AuthServiceOverrides {
  now?: () => Date;
  mailer?: Mailer;
  /** How often a rotated signing key is picked up (a minute by default). */
  signingKeyRefreshMs?: number;
}

export function startAuthService(env: Env, overrides: AuthServiceOverrides = {}) {
  let keyRing: SigningKeyRing | undefined;
  let deps: AuthDeps | undefined;
  return createService({
    name: 'svc-auth',
    env,
    configSchema,
    setup: async ({ db, nats, log, config, routes }) => {
      const ring = await openSigningKeyRing(db, log, {
        refreshMs: overrides.signingKeyRefreshMs,
        now: overrides.now,
      });
      keyRing = ring;
      const models = {
        sellers: sellerModel(db),
        customers: customerModel(db),
        codes: oneTimeCodeModel(db),
        apiKeys: apiKeyModel(db),
      };
      const signInFailures = attemptCounters(db, 'sign_in_failures');
      await Promise.all(
        [...Object.values(models), signInFailures.model].map((model) => model.syncIndexes()),
      );
      const mailer =
        overrides.mailer ?? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
      const now = overrides.now ?? (() => new Date());
      const google = await createGoogleSignIn(config, db, { now });
      // Started last: nothing after them can fail the start and leave them running.
      const profileRelay = await startSellerProfileRelay({ ...models, now, nats, log });
      const revocationRelay = startRevocationRelay({ ...models, now, nats, log, profileRelay });
      const apiKeyRevocationRelay = startApiKeyRevocationRelay({ ...models, nats, log });
      const ready: AuthDeps = {
        ...models,
        signInFailures,
        addressLimits: addressLimits({
          signUps: config.SIGN_UPS_PER_ADDRESS,
          codeResends: config.CODE_RESENDS_PER_ADDRESS,
        }),
        signer: ring.signer,
        mailer,
        nats,
        revocationRelay,
        apiKeyRevocationRelay,
        profileRelay,
        log,
        now,
        logCodes: config.MAIL_LOG_CODES,
      };
      deps = ready;
      registerJwksRoutes(routes, ring);
      registerSellerRoutes(routes, ready);
      registerSettingsRoutes(routes, ready);
      registerCustomerRoutes(routes, ready);
      registerApiKeyRoutes(routes, ready);
      serveApiKeyAuthentication(ready);
      serveSellerPublicProfile(ready);
      serveSellerCountry(ready);
      serveSellerTimeZone(ready);
      serveCustomerEmail(ready);
      registerGoogleRoutes(routes, {
        google,
        signIn: (identity) => signInWithGoogle(ready, identity),
      });
      return {
        stop: async () => {
          ring.stop();
          await revocationRelay.stop();
          await apiKeyRevocationRelay.stop();
          await profileRelay.stop();
          await mailer.close();
        },
      };
    },
    // svc-auth checks its own tokens with the keys it holds (current and recently retired), not
    // through an HTTP call to itself, and against the revocations it stores, not their events.
    // No route of svc-auth (account, settings, API keys) is for an API key: the gateway refuses
    // them first, and a token minted for a key is refused here too.
    verifyToken: async () => async (token) => {
      if (!keyRing || !deps) throw unauthorized(authMessages.invalid);
      const verified = await createKeyVerifier(keyRing.verificationKeys)(token);
      if (verified.apiKeyId) throw forbidden(apiKeyMessages.routeNotAllowed);
      return refuseRevokedToken(deps, verified);
    },
  });
}
