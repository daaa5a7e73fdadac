import {
  googleCallback,
  googleSignIn,
  type GoogleSignInErrorCode,
  type RouteSchemas,
  type SellerUser,
} from '@onvelope/contracts';
import type { Logger } from '@onvelope/service-kit/observability';
import type { RouteHandler, ServiceRoutes } from '@onvelope/service-kit/http';
import { GoogleSignInError } from './google-sign-in-error.js';
import {
  googleSignInAttemptSeconds,
  type GoogleIdentity,
  type GoogleSignIn,
} from './google-sign-in.js';

// svc-auth reaches Koa only through the service kit.
type Context = Parameters<RouteHandler<RouteSchemas>>[0];

/** Carries the attempt's state in the browser that started it; sent only to /auth/google*. */
export const googleStateCookie = 'onvelope_google_state';

/**
 * The page the browser lands on, with `token` (signed in) or `error` (a code of contracts'
 * `googleSignInErrors`, never text) in the query. The shell stores the token, checks the profile
 * and moves on (spec 001 §4); the sign-in page shows the product's words for the code.
 */
export const googleLandingPath = '/login';

export interface GoogleRouteDeps {
  google: GoogleSignIn;
  /** Finds, links or creates the seller and signs their token (svc-auth's `signInWithGoogle`). */
  signIn: (identity: GoogleIdentity) => Promise<{ token: string; user: SellerUser }>;
}

function stateCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  // Lax, not Strict: the callback is a top-level navigation coming from the provider's site.
  return [
    `${googleStateCookie}=${value}`,
    'Path=/auth/google',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

function redirect(ctx: Context, location: string): void {
  // The URLs carry a code, a state or a token: keep them out of caches and Referer headers.
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.redirect(location);
}

function landingUrl(
  google: GoogleSignIn,
  query: { token: string } | { error: GoogleSignInErrorCode },
): string {
  return `${google.siteUrl}${googleLandingPath}?${new URLSearchParams(query).toString()}`;
}

/** Sends the browser back to the sign-in page with the code of what went wrong, not an error page. */
function returnWithError(ctx: Context, google: GoogleSignIn, error: unknown): void {
  const log = ctx.state.log as Logger;
  if (!(error instanceof GoogleSignInError)) {
    log.error({ err: error }, 'google sign-in failed');
    redirect(ctx, landingUrl(google, { error: 'failed' }));
    return;
  }
  // Someone changing their mind is routine; anything else may be a probe worth seeing.
  const level = error.code === 'cancelled' ? 'info' : 'warn';
  log[level](
    { code: error.code, reason: String(error.cause ?? error.message) },
    'google sign-in refused',
  );
  redirect(ctx, landingUrl(google, { error: error.code }));
}

/**
 * `GET /auth/google` sends the browser to the provider; `GET /auth/google/callback` finishes the
 * sign-in and sends the browser to `${PUBLIC_SITE_URL}/login?token=…` (or `?error=…`).
 */
export function registerGoogleRoutes(routes: ServiceRoutes, deps: GoogleRouteDeps): void {
  const { google } = deps;

  // The contract's `returnTo` is not used: the shell decides where a signed-in seller goes.
  routes.handle(googleSignIn, async (ctx) => {
    try {
      const { authorizationUrl, state } = await google.start();
      ctx.append('Set-Cookie', stateCookie(state, googleSignInAttemptSeconds, google.secureCookie));
      redirect(ctx, authorizationUrl.href);
    } catch (error) {
      returnWithError(ctx, google, error);
    }
  });

  routes.handle(googleCallback, async (ctx) => {
    ctx.append('Set-Cookie', stateCookie('', 0, google.secureCookie));
    try {
      const identity = await google.finish(
        new URLSearchParams(ctx.querystring),
        ctx.cookies.get(googleStateCookie),
      );
      const { token } = await deps.signIn(identity);
      redirect(ctx, landingUrl(google, { token }));
    } catch (error) {
      returnWithError(ctx, google, error);
    }
  });
}
