import {
  customerForgotPassword,
  customerLogin,
  customerResendCode,
  customerResetPassword,
  customerSignup,
  customerVerifyCode,
  getCustomerProfile as getCustomerProfileRoute,
  updateCustomerProfile as updateCustomerProfileRoute,
} from '@onvelope/contracts';
import { callerOf } from '@onvelope/service-kit/auth';
import { type ServiceRoutes } from '@onvelope/service-kit/http';
import { customerStore } from '../accounts/account-store.js';
import type { AuthDeps } from '../deps.js';
import { getCustomerProfile } from '../use-cases/get-customer-profile.js';
import { requestPasswordReset } from '../use-cases/request-password-reset.js';
import { resendVerificationCode } from '../use-cases/resend-verification-code.js';
import { resetPassword } from '../use-cases/reset-password.js';
import { signIn } from '../use-cases/sign-in.js';
import { signUp } from '../use-cases/sign-up.js';
import { updateCustomerProfile } from '../use-cases/update-customer-profile.js';
import { customerProfileOf } from '../use-cases/customer-profile.js';
import { verifyEmail } from '../use-cases/verify-email.js';
import { countAddressCall } from '../accounts/address-limits.js';
import { answeringUnverified } from './unverified.js';

/** Buyer accounts: the same use cases as sellers', on the buyers' collection. */
export function registerCustomerRoutes(routes: ServiceRoutes, deps: AuthDeps): void {
  const customers = customerStore(deps);

  routes.handle(customerSignup, async (ctx, { body }) => {
    await countAddressCall(deps, 'signUp', ctx.ip);
    return signUp(deps, customers, {
      email: body.email,
      password: body.password,
      profile: { firstName: body.firstName || null, lastName: body.lastName || null },
    });
  });
  routes.handle(customerVerifyCode, async (_ctx, { body }) => {
    const { token, account } = await verifyEmail(deps, customers, body);
    return { token, customer: await customerProfileOf(deps, account) };
  });
  routes.handle(customerResendCode, async (ctx, { body }) => {
    await countAddressCall(deps, 'codeResend', ctx.ip);
    return resendVerificationCode(deps, customers, body.email);
  });
  routes.handle(customerLogin, async (ctx, { body }) =>
    answeringUnverified(ctx, async () => {
      const { token, account } = await signIn(deps, customers, { ...body, ip: ctx.ip });
      return { token, customer: await customerProfileOf(deps, account) };
    }),
  );
  routes.handle(customerForgotPassword, async (_ctx, { body }) =>
    requestPasswordReset(deps, customers, body.email),
  );
  routes.handle(customerResetPassword, async (_ctx, { body }) =>
    resetPassword(deps, customers, body),
  );
  routes.handle(getCustomerProfileRoute, async (ctx) => getCustomerProfile(deps, callerOf(ctx)));
  routes.handle(updateCustomerProfileRoute, async (ctx, { body }) =>
    updateCustomerProfile(deps, callerOf(ctx), body),
  );
}
