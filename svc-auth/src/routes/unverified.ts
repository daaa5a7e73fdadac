import type { Context } from 'koa';
import type { emailNotVerifiedResponse } from '@onvelope/contracts';
import type { z } from 'zod';
import { EmailNotVerifiedError } from '../accounts/account-errors.js';

/**
 * Runs a sign-in; a right password on an unverified email answers 403 with the error shape plus
 * `requiresVerification` and `email`, so the screen can keep the email and go to /verify.
 */
export async function answeringUnverified<T>(
  ctx: Context,
  signIn: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await signIn();
  } catch (error) {
    if (!(error instanceof EmailNotVerifiedError)) throw error;
    ctx.status = 403;
    ctx.body = {
      error: error.message,
      details: error.details ?? [],
      requiresVerification: true,
      email: error.email,
    } satisfies z.infer<typeof emailNotVerifiedResponse>;
    return undefined;
  }
}
