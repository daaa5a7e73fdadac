import { googleSignInErrors, type GoogleSignInErrorCode } from '@onvelope/contracts';

/**
 * A Google sign-in that ends on /login with `code` in the address (`/login?error=<code>`), which
 * the sign-in page turns into the product's words; `cause` is for the log only.
 */
export class GoogleSignInError extends Error {
  constructor(
    readonly code: GoogleSignInErrorCode,
    options?: { cause?: unknown },
  ) {
    super(googleSignInErrors[code], options);
    this.name = 'GoogleSignInError';
  }
}
