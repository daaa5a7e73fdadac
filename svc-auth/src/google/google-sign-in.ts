import { randomPKCECodeVerifier, randomNonce, randomState } from 'openid-client';
import type { Connection } from 'mongoose';
import type { GoogleIdentity } from '../use-cases/sign-in-with-google.js';
import type { GoogleConfig } from './google-config.js';
import { GoogleSignInError } from './google-sign-in-error.js';
import { googleSignInAttemptModel } from './google-sign-in-attempt.model.js';
import { createOpenIdProvider, type OpenIdProvider } from './openid-provider.js';

export type { GoogleIdentity };

export interface GoogleSignIn {
  /** Where the browser is sent back to (no trailing slash). */
  readonly siteUrl: string;
  /** Whether the browser-binding cookie needs `Secure` (the callback is served over HTTPS). */
  readonly secureCookie: boolean;
  /** Remembers a new attempt and gives the provider URL to send the browser to. */
  start(): Promise<{ authorizationUrl: URL; state: string }>;
  /**
   * Finishes the attempt named by the callback's `state` (once only), checking that this browser
   * started it, and returns the identity from the verified ID token.
   */
  finish(callbackQuery: URLSearchParams, browserState: string | undefined): Promise<GoogleIdentity>;
}

export interface GoogleSignInOptions {
  /** The clock attempts expire by (svc-auth's `deps.now`; tests move it instead of waiting). */
  now?: () => Date;
}

/** Long enough to choose an account and consent; short enough that a stolen state soon dies. */
export const googleSignInAttemptSeconds = 10 * 60;

/**
 * Google sign-in as an OpenID Connect authorisation-code flow with state, nonce and PKCE. Attempts
 * live in MongoDB so any instance can finish what another started.
 *
 * @example
 * const google = await createGoogleSignIn(config, db, { now: deps.now });
 * registerGoogleRoutes(routes, { google, signIn: (identity) => signInWithGoogle(deps, identity) });
 */
export async function createGoogleSignIn(
  config: GoogleConfig,
  db: Connection,
  options: GoogleSignInOptions = {},
): Promise<GoogleSignIn> {
  const now = options.now ?? (() => new Date());
  const siteUrl = config.PUBLIC_SITE_URL;
  const secureCookie = new URL(config.GOOGLE_REDIRECT_URL).protocol === 'https:';
  const clientId = config.GOOGLE_CLIENT_ID;
  if (!clientId) {
    const notConfigured = async (): Promise<never> => {
      throw new GoogleSignInError('not_configured');
    };
    return { siteUrl, secureCookie, start: notConfigured, finish: notConfigured };
  }

  const attempts = googleSignInAttemptModel(db);
  await attempts.createIndexes();
  const provider: OpenIdProvider = createOpenIdProvider({
    issuerUrl: config.GOOGLE_ISSUER_URL,
    clientId,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    redirectUrl: config.GOOGLE_REDIRECT_URL,
  });

  return {
    siteUrl,
    secureCookie,

    async start() {
      const request = {
        state: randomState(),
        codeVerifier: randomPKCECodeVerifier(),
        nonce: randomNonce(),
      };
      const authorizationUrl = await provider.authorizationUrl(request).catch((cause: unknown) => {
        throw new GoogleSignInError('unavailable', { cause });
      });
      await attempts.create({
        _id: request.state,
        codeVerifier: request.codeVerifier,
        nonce: request.nonce,
        expiresAt: new Date(now().getTime() + googleSignInAttemptSeconds * 1000),
      });
      return { authorizationUrl, state: request.state };
    },

    async finish(callbackQuery, browserState) {
      const state = callbackQuery.get('state');
      // Deleting on read makes the state single-use, even when two callbacks race.
      const attempt = state ? await attempts.findOneAndDelete({ _id: state }).lean() : null;

      const providerError = callbackQuery.get('error');
      if (providerError) {
        throw new GoogleSignInError(
          providerError === 'access_denied' ? 'cancelled' : 'provider_error',
          { cause: providerError },
        );
      }
      if (!state || !attempt || attempt.expiresAt <= now()) {
        throw new GoogleSignInError('invalid_state', {
          cause: attempt ? 'expired state' : 'unknown or used state',
        });
      }
      // Without this, someone could send a victim the callback URL of an attempt they started
      // themselves and sign the victim into their own account (login CSRF).
      if (browserState !== state) {
        throw new GoogleSignInError('invalid_state', {
          cause: 'state not started in this browser',
        });
      }

      const claims = await provider
        .redeem(callbackQuery, { state, codeVerifier: attempt.codeVerifier, nonce: attempt.nonce })
        .catch((cause: unknown) => {
          throw new GoogleSignInError('not_completed', { cause });
        });
      if (typeof claims.email !== 'string' || !claims.email) {
        throw new GoogleSignInError('no_email', { cause: 'no email claim' });
      }
      return {
        subject: claims.sub,
        email: claims.email,
        // Some providers send the boolean as a string.
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        ...(typeof claims.name === 'string' && claims.name ? { name: claims.name } : {}),
      };
    },
  };
}
