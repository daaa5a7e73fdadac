import {
  customerForgotPassword,
  customerLogin,
  customerResendCode,
  customerResetPassword,
  customerSignup,
  customerSignupRequest,
  customerVerifyCode,
} from '@onvelope/contracts';
import { MissingToken, optionalText, storeCustomerSignIn, type AuthAccount } from '@onvelope/ui';
import { publicApi } from '../api.js';

/** The buyer's side of the sign-in, sign-up and verify screen: the customer-auth calls. */
export const buyerAccount: AuthAccount = {
  kind: 'customer',
  signUpFields: [
    {
      name: 'firstName',
      label: 'First name (optional)',
      autoComplete: 'given-name',
      testId: 'auth-first-name',
    },
    {
      name: 'lastName',
      label: 'Last name (optional)',
      autoComplete: 'family-name',
      testId: 'auth-last-name',
    },
  ],
  signUpRequest: customerSignupRequest,
  googleSignIn: false,
  async signIn(email, password) {
    const { token, customer } = await publicApi.call(customerLogin, {
      body: { email, password },
    });
    storeCustomerSignIn(token, customer);
    return '/customer-dashboard';
  },
  async signUp(email, password, fields) {
    const body = {
      email,
      password,
      firstName: optionalText(fields.firstName ?? ''),
      lastName: optionalText(fields.lastName ?? ''),
    };
    return (await publicApi.call(customerSignup, { body })).email;
  },
  requestPasswordReset: (email) => publicApi.call(customerForgotPassword, { body: { email } }),
  resetPassword: (body) => publicApi.call(customerResetPassword, { body }),
  async verify(email, code) {
    const answer = await publicApi.call(customerVerifyCode, { body: { email, code } });
    if (!answer?.token) throw new MissingToken();
    storeCustomerSignIn(answer.token, answer.customer);
    return '/customer-dashboard';
  },
  resendCode: (email) => publicApi.call(customerResendCode, { body: { email } }),
};
