/**
 * Why a Google sign-in ended back on /login. svc-auth puts only the code in the address
 * (`/login?error=cancelled`) and the sign-in page shows the product's words for it: text in an
 * address is anyone's to write, and the page must never show a stranger's words as the product's
 * (issue 32, defect 8).
 */
export const googleSignInErrors = {
  not_configured: 'Google sign-in is not configured on this server.',
  unavailable: 'Google sign-in is unavailable right now. Please try again later.',
  cancelled: 'Google sign-in was cancelled.',
  provider_error: 'Google could not sign you in. Please try again.',
  invalid_state:
    'Your Google sign-in expired or was not started in this browser. Please try again.',
  not_completed: 'Google sign-in could not be completed. Please try again.',
  no_email: 'Your Google account did not share an email address, so we cannot sign you in.',
  email_not_verified:
    'Google has not verified this email address. Please sign up with your email and password.',
  linked_elsewhere: 'This email is already linked to another Google account.',
  failed: 'Google sign-in failed. Please try again.',
} as const;
export type GoogleSignInErrorCode = keyof typeof googleSignInErrors;

/**
 * The words the sign-in page shows for the `error` of its address: the product's own for a code it
 * defines, the generic failure for any other value (an old link, a forged one), none without one.
 *
 * @example
 * googleSignInErrorMessage('cancelled') // 'Google sign-in was cancelled.'
 * googleSignInErrorMessage('Call us on 0900…') // 'Google sign-in failed. Please try again.'
 */
export function googleSignInErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  // Own keys only: 'toString' or 'constructor' must not reach the prototype.
  return Object.hasOwn(googleSignInErrors, code)
    ? googleSignInErrors[code as GoogleSignInErrorCode]
    : googleSignInErrors.failed;
}
