import {
  completeOnboarding as completeOnboardingRoute,
  forgotPassword,
  getProfile,
  login,
  resendCode,
  resetPassword as resetPasswordRoute,
  signup,
  verifyCode,
} from '@onvelope/contracts';
import { callerOf } from '@onvelope/service-kit/auth';
import { type ServiceRoutes } from '@onvelope/service-kit/http';
import { sellerStore } from '../accounts/account-store.js';
import { toSellerUser } from '../domain/account-views.js';
import type { AuthDeps } from '../deps.js';
import { completeOnboarding } from '../use-cases/complete-onboarding.js';
import { getSellerProfile } from '../use-cases/get-seller-profile.js';
import { requestPasswordReset } from '../use-cases/request-password-reset.js';
import { resendVerificationCode } from '../use-cases/resend-verification-code.js';
import { resetPassword } from '../use-cases/reset-password.js';
import { signIn } from '../use-cases/sign-in.js';
import { signUp } from '../use-cases/sign-up.js';
import { verifyEmail } from '../use-cases/verify-email.js';
import { countAddressCall } from '../accounts/address-limits.js';
import { answeringUnverified } from './unverified.js';

export function registerSellerRoutes(routes: ServiceRoutes, deps: AuthDeps): void {
  const sellers = sellerStore(deps);

  routes.handle(signup, async (ctx, { body }) => {
    await countAddressCall(deps, 'signUp', ctx.ip);
    return signUp(deps, sellers, {
      email: body.email,
      password: body.password,
      profile: { displayName: body.displayName || null },
    });
  });
  routes.handle(verifyCode, async (_ctx, { body }) => {
    const { token, account } = await verifyEmail(deps, sellers, body);
    return { token, user: toSellerUser(account) };
  });
  routes.handle(resendCode, async (ctx, { body }) => {
    await countAddressCall(deps, 'codeResend', ctx.ip);
    return resendVerificationCode(deps, sellers, body.email);
  });
  routes.handle(login, async (ctx, { body }) =>
    answeringUnverified(ctx, async () => {
      const { token, account } = await signIn(deps, sellers, { ...body, ip: ctx.ip });
      return { token, user: toSellerUser(account) };
    }),
  );
  routes.handle(forgotPassword, async (_ctx, { body }) =>
    requestPasswordReset(deps, sellers, body.email),
  );
  routes.handle(resetPasswordRoute, async (_ctx, { body }) => resetPassword(deps, sellers, body));
  routes.handle(getProfile, async (ctx) => getSellerProfile(deps, callerOf(ctx)));
  routes.handle(completeOnboardingRoute, async (ctx, { body }) =>
    completeOnboarding(deps, callerOf(ctx), body, ctx.ip),
  );
}
