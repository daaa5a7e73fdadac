import { z } from 'zod';
import { routeOwnedBy } from '../route.js';
import {
  accountResponse,
  completeOnboardingRequest,
  completeOnboardingResponse,
  customerProfileResponse,
  customerSignedIn,
  customerSignupRequest,
  emailOnlyRequest,
  loginRequest,
  messageResponse,
  profileResponse,
  resetPasswordRequest,
  signedIn,
  signupRequest,
  signupResponse,
  updateCustomerProfileRequest,
  updateCustomerProfileResponse,
  updateEmailRequest,
  updateEmailResponse,
  updatePasswordRequest,
  updatePasswordResponse,
  updateProfileRequest,
  verifyCodeRequest,
} from './schemas.js';
import { jwksResponse } from './tokens.js';
import {
  apiKeyParams,
  apiKeysResponse,
  createApiKeyRequest,
  createdApiKeyResponse,
  revokedApiKeyResponse,
} from './api-keys.js';

const route = routeOwnedBy('svc-auth');

export const jwksRoute = route(
  'GET',
  '/auth/.well-known/jwks.json',
  'public',
  'implied',
  'Public keys that verify every token svc-auth signs',
  { schemas: { response: jwksResponse } },
);

export const login = route('POST', '/auth/login', 'public', 'spec-001', 'Seller sign-in', {
  schemas: { body: loginRequest, response: signedIn },
  description:
    'Seller sign-in. A wrong email or password is 401; a right password on an email not verified yet is 403 with `requiresVerification`; too many failures per email or address is 429.',
  docs: { errors: [401, 403, 429] },
});
export const signup = route('POST', '/auth/signup', 'public', 'spec-001', 'Seller sign-up', {
  schemas: { body: signupRequest, response: signupResponse },
  docs: { errors: [409, 429] },
});
export const verifyCode = route(
  'POST',
  '/auth/verify-code',
  'public',
  'spec-001',
  'Verify a seller email with its 6-digit code',
  { schemas: { body: verifyCodeRequest, response: signedIn }, docs: { errors: [429] } },
);
export const resendCode = route(
  'POST',
  '/auth/resend-code',
  'public',
  'spec-001',
  'Send a new verification code',
  { schemas: { body: emailOnlyRequest, response: messageResponse }, docs: { errors: [429] } },
);
export const forgotPassword = route(
  'POST',
  '/auth/forgot-password',
  'public',
  'implied',
  'Email a password reset code',
  { schemas: { body: emailOnlyRequest, response: messageResponse }, docs: { errors: [429] } },
);
export const resetPassword = route(
  'POST',
  '/auth/reset-password',
  'public',
  'implied',
  'Set a new password with the emailed code',
  { schemas: { body: resetPasswordRequest, response: messageResponse }, docs: { errors: [429] } },
);
export const getProfile = route(
  'GET',
  '/auth/profile',
  'merchant',
  'spec-000',
  'The signed-in seller',
  {
    schemas: { response: profileResponse },
  },
);
export const googleSignIn = route(
  'GET',
  '/auth/google',
  'public',
  'spec-001',
  'Start Google sign-in',
  {
    schemas: { query: z.object({ returnTo: z.string().optional() }) },
    status: 302,
    description: "Start Google sign-in: redirects the browser to Google's consent screen.",
  },
);
export const googleCallback = route(
  'GET',
  '/auth/google/callback',
  'public',
  'implied',
  'Google sign-in return',
  {
    schemas: {
      query: z.object({
        code: z.string().optional(),
        state: z.string().optional(),
        error: z.string().optional(),
      }),
    },
    status: 302,
    description:
      'Google sign-in return: redirects to the sign-in page with the seller’s token, or with an error code.',
  },
);
export const completeOnboarding = route(
  'POST',
  '/auth/complete-onboarding',
  'merchant',
  'spec-001',
  'Accept terms and start the trial',
  { schemas: { body: completeOnboardingRequest, response: completeOnboardingResponse } },
);
export const getSettings = route(
  'GET',
  '/auth/settings',
  'merchant',
  'spec-001',
  'Account settings',
  {
    schemas: { response: accountResponse },
  },
);
export const updateProfile = route(
  'PUT',
  '/auth/settings/profile',
  'merchant',
  'spec-001',
  'Update the profile',
  { schemas: { body: updateProfileRequest, response: accountResponse } },
);
export const updateEmail = route(
  'PUT',
  '/auth/settings/email',
  'merchant',
  'spec-001',
  'Change the sign-in email',
  {
    schemas: { body: updateEmailRequest, response: updateEmailResponse },
    docs: { errors: [409, 429] },
  },
);
export const updatePassword = route(
  'PUT',
  '/auth/settings/password',
  'merchant',
  'spec-001',
  'Change the password',
  {
    schemas: { body: updatePasswordRequest, response: updatePasswordResponse },
    docs: { errors: [429] },
  },
);

export const customerSignup = route(
  'POST',
  '/api/customer-auth/signup',
  'public',
  'implied',
  'Buyer sign-up',
  {
    schemas: { body: customerSignupRequest, response: signupResponse },
    docs: { errors: [409, 429] },
  },
);
export const customerLogin = route(
  'POST',
  '/api/customer-auth/login',
  'public',
  'implied',
  'Buyer sign-in',
  {
    schemas: { body: loginRequest, response: customerSignedIn },
    docs: { errors: [401, 403, 429] },
  },
);
export const customerVerifyCode = route(
  'POST',
  '/api/customer-auth/verify-code',
  'public',
  'implied',
  'Verify a buyer email',
  { schemas: { body: verifyCodeRequest, response: customerSignedIn }, docs: { errors: [429] } },
);
export const customerResendCode = route(
  'POST',
  '/api/customer-auth/resend-code',
  'public',
  'implied',
  'Send a buyer a new code',
  { schemas: { body: emailOnlyRequest, response: messageResponse }, docs: { errors: [429] } },
);
export const customerForgotPassword = route(
  'POST',
  '/api/customer-auth/forgot-password',
  'public',
  'implied',
  'Email a buyer a password reset code',
  { schemas: { body: emailOnlyRequest, response: messageResponse }, docs: { errors: [429] } },
);
export const customerResetPassword = route(
  'POST',
  '/api/customer-auth/reset-password',
  'public',
  'implied',
  'Set a new buyer password with the emailed code',
  { schemas: { body: resetPasswordRequest, response: messageResponse }, docs: { errors: [429] } },
);
export const getCustomerProfile = route(
  'GET',
  '/api/customer-auth/profile',
  'customer',
  'spec-001',
  'The signed-in buyer',
  { schemas: { response: customerProfileResponse } },
);
export const updateCustomerProfile = route(
  'PATCH',
  '/api/customer-auth/profile',
  'customer',
  'spec-001',
  'Update the buyer profile',
  { schemas: { body: updateCustomerProfileRequest, response: updateCustomerProfileResponse } },
);

// Issue 35: a seller's API keys, managed in account settings. No key may call these (no `apiKey`).
export const listApiKeys = route(
  'GET',
  '/auth/api-keys',
  'merchant',
  'implied',
  "The seller's API keys (never their secrets)",
  { schemas: { response: apiKeysResponse } },
);
export const createApiKey = route(
  'POST',
  '/auth/api-keys',
  'merchant',
  'implied',
  'Create an API key: its secret is in this answer only',
  {
    schemas: { body: createApiKeyRequest, response: createdApiKeyResponse },
    status: 201,
    docs: { errors: [409] },
  },
);
export const revokeApiKey = route(
  'DELETE',
  '/auth/api-keys/{id}',
  'merchant',
  'implied',
  'Revoke an API key: refused on every gateway within seconds',
  { schemas: { params: apiKeyParams, response: revokedApiKeyResponse } },
);

export const authRoutes = [
  listApiKeys,
  createApiKey,
  revokeApiKey,
  login,
  signup,
  verifyCode,
  resendCode,
  forgotPassword,
  resetPassword,
  getProfile,
  googleSignIn,
  googleCallback,
  completeOnboarding,
  getSettings,
  updateProfile,
  updateEmail,
  updatePassword,
  jwksRoute,
  customerSignup,
  customerLogin,
  customerVerifyCode,
  customerResendCode,
  customerForgotPassword,
  customerResetPassword,
  getCustomerProfile,
  updateCustomerProfile,
];
