/**
 * The token the Google sign-in callback hands over: svc-auth redirects to `/login?token=<jwt>` on
 * success (and `/login?error=<code>` on failure, for which the sign-in screen shows the product's
 * words).
 */
export function googleLandingToken(url: URL): string | null {
  if (url.pathname !== '/login') return null;
  return url.searchParams.get('token') || null;
}

/** What the startup profile check learned about the signed-in merchant. */
export type ProfileOutcome = 'complete' | 'incomplete' | 'failed' | 'signed-out';

/**
 * Where the Google sign-in landing goes once the profile is checked (spec 001 §4): /dashboard when
 * onboarding is complete or the profile could not be read, /trial-agreement when it is incomplete,
 * and back to a clean /login when the token was refused or malformed.
 */
export function googleLandingTarget(outcome: ProfileOutcome): string {
  switch (outcome) {
    case 'incomplete':
      return '/trial-agreement';
    case 'signed-out':
      return '/login';
    case 'complete':
    case 'failed':
      return '/dashboard';
  }
}
