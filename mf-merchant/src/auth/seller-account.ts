import {
  forgotPassword,
  login,
  resendCode,
  resetPassword,
  signup,
  signupRequest,
  verifyCode,
} from '@onvelope/contracts';
import { MissingToken, optionalText, storeMerchantSignIn, type AuthAccount } from '@onvelope/ui';
import { publicApi } from '../api.js';

/**
 * The seller's side of the sign-in, sign-up and verify screen. `returnTo` is where a seller goes
 * back to after signing in (`/login?return=<path>`, the pricing page's checkout).
 */
export function sellerAccount(returnTo: string | null): AuthAccount {
  return {
    kind: 'merchant',
    signUpFields: [
      {
        name: 'displayName',
        label: 'Display name (optional)',
        autoComplete: 'name',
        testId: 'auth-display-name',
      },
    ],
    signUpRequest: signupRequest,
    googleSignIn: true,
    async signIn(email, password) {
      const { token, user } = await publicApi.call(login, { body: { email, password } });
      storeMerchantSignIn(token, user);
      // Onboarding comes first: a seller who has not finished it goes to the trial agreement anyway.
      return user.onboardingCompleted ? (returnTo ?? '/dashboard') : '/trial-agreement';
    },
    async signUp(email, password, fields) {
      const body = { email, password, displayName: optionalText(fields.displayName ?? '') };
      return (await publicApi.call(signup, { body })).email;
    },
    requestPasswordReset: (email) => publicApi.call(forgotPassword, { body: { email } }),
    resetPassword: (body) => publicApi.call(resetPassword, { body }),
    async verify(email, code) {
      const answer = await publicApi.call(verifyCode, { body: { email, code } });
      if (!answer?.token) throw new MissingToken();
      storeMerchantSignIn(answer.token, answer.user);
      return '/dashboard?welcome=true';
    },
    resendCode: (email) => publicApi.call(resendCode, { body: { email } }),
  };
}
