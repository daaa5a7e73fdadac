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
import type { TokenSigner } from './domain/signing-key.js';
import { serveCustomerEmail } from './events/customer-email.js';
import { serveSellerCountry } from './events/seller-country.js';
import { serveSellerPublicProfile } from './events/seller-public-profile.js';
import { createGoogleSignIn, registerGoogleRoutes } from './google/index.js';
import { registerCustomerRoutes } from './routes/customer-auth.routes.js';
import { registerJwksRoutes } from './routes/jwks.routes.js';
import { registerSellerRoutes } from './routes/seller-auth.routes.js';
import { registerSettingsRoutes } from './routes/settings.routes.js';
import { loadSigningKey } from './use-cases/load-signing-key.js';
import { signInWithGoogle } from './use-cases/sign-in-with-google.js';

export type { AuthDeps } from './deps.js';

/** What a test (or another embedding) may put in place of the real thing. */
export interface AuthServiceOverrides {
  now?: () => Date;
  mailer?: Mailer;
}

export function startAuthService(env: Env, overrides: AuthServiceOverrides = {}) {
  let signer: TokenSigner | undefined;
  return createService({
    name: 'svc-auth',
    env,
    configSchema,
    setup: async ({ db, nats, log, config, routes }) => {
      signer = await loadSigningKey(db);
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
        signer,
        mailer,
        nats,
        log,
        now: overrides.now ?? (() => new Date()),
        logCodes: config.MAIL_LOG_CODES,
      };
      registerJwksRoutes(routes, signer);
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
      return { stop: async () => mailer.close() };
    },
    // svc-auth checks its own tokens with the key it holds, not through an HTTP call to itself.
    verifyToken: async () => (token) => {
      if (!signer) throw unauthorized(authMessages.invalid);
      return createKeyVerifier(signer.publicKey)(token);
    },
  });
}
