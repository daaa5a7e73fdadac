import {
  attemptCounters,
  authMessages,
  createKeyVerifier,
  createService,
  createSmtpMailer,
  unauthorized,
  type Env,
  type Mailer,
} from '@onvelope/service-kit';
import { configSchema } from './config.js';
import { customerModel } from './data/customer.model.js';
import { oneTimeCodeModel } from './data/one-time-code.model.js';
import { sellerModel } from './data/seller.model.js';
import type { AuthDeps } from './deps.js';
import { serveCustomerEmail } from './events/customer-email.js';
import { serveSellerCountry } from './events/seller-country.js';
import { serveSellerPublicProfile } from './events/seller-public-profile.js';
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
      };
      const signInFailures = attemptCounters(db, 'sign_in_failures');
      await Promise.all(
        [...Object.values(models), signInFailures.model].map((model) => model.syncIndexes()),
      );
      const mailer =
        overrides.mailer ?? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
      const deps: AuthDeps = {
        ...models,
        signInFailures,
        addressLimits: addressLimits({
          signUps: config.SIGN_UPS_PER_ADDRESS,
          codeResends: config.CODE_RESENDS_PER_ADDRESS,
        }),
        signer: ring.signer,
        mailer,
        nats,
        log,
        now: overrides.now ?? (() => new Date()),
        logCodes: config.MAIL_LOG_CODES,
      };
      registerJwksRoutes(routes, ring);
      registerSellerRoutes(routes, deps);
      registerSettingsRoutes(routes, deps);
      registerCustomerRoutes(routes, deps);
      serveSellerPublicProfile(deps);
      serveSellerCountry(deps);
      serveCustomerEmail(deps);
      registerGoogleRoutes(routes, {
        google: await createGoogleSignIn(config, db, { now: deps.now }),
        signIn: (identity) => signInWithGoogle(deps, identity),
      });
      return {
        stop: async () => {
          ring.stop();
          await mailer.close();
        },
      };
    },
    // svc-auth checks its own tokens with the keys it holds (current and recently retired), not
    // through an HTTP call to itself.
    verifyToken: async () => (token) => {
      if (!keyRing) throw unauthorized(authMessages.invalid);
      return createKeyVerifier(keyRing.verificationKeys)(token);
    },
  });
}
