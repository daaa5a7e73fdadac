import { conflict, HttpError, notFound } from '@onvelope/service-kit/errors';

export const accountMessages = {
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  verifyFirst: 'Please verify your email before signing in.',
  currentPasswordWrong: 'Current password is incorrect',
  notFound: 'Account not found',
} as const;

export const emailTaken = () => conflict(accountMessages.emailTaken);
export const accountNotFound = () => notFound(accountMessages.notFound);

/**
 * The password was right but the email is not verified: 403, and the answer carries
 * `requiresVerification` and the email so the screen can go to /verify (a fresh code is on its way).
 */
export class EmailNotVerifiedError extends HttpError {
  constructor(readonly email: string) {
    super(403, accountMessages.verifyFirst, [
      { message: accountMessages.verifyFirst, path: 'requiresVerification' },
    ]);
  }
}
