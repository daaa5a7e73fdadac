import { routeOwnedBy } from '../route.js';
import { jwksResponse } from './tokens.js';

const route = routeOwnedBy('svc-auth');

export const jwksRoute = route(
  'GET',
  '/auth/.well-known/jwks.json',
  'public',
  'implied',
  'Public keys that verify every token svc-auth signs',
  { schemas: { response: jwksResponse } },
);

export const authRoutes = [
  route('POST', '/auth/login', 'public', 'spec-001', 'Seller sign-in'),
  route('POST', '/auth/signup', 'public', 'spec-001', 'Seller sign-up'),
  route(
    'POST',
    '/auth/verify-code',
    'public',
    'spec-001',
    'Verify a seller email with its 6-digit code',
  ),
  route('POST', '/auth/resend-code', 'public', 'spec-001', 'Send a new verification code'),
  route('GET', '/auth/profile', 'merchant', 'spec-000', 'The signed-in seller'),
  route('GET', '/auth/google', 'public', 'spec-001', 'Start Google sign-in'),
  route('GET', '/auth/google/callback', 'public', 'implied', 'Google sign-in return'),
  route(
    'POST',
    '/auth/complete-onboarding',
    'merchant',
    'spec-001',
    'Accept terms and start the trial',
  ),
  route('GET', '/auth/settings', 'merchant', 'spec-001', 'Account settings'),
  route('PUT', '/auth/settings/profile', 'merchant', 'spec-001', 'Update the profile'),
  route('PUT', '/auth/settings/email', 'merchant', 'spec-001', 'Change the sign-in email'),
  route('PUT', '/auth/settings/password', 'merchant', 'spec-001', 'Change the password'),
  jwksRoute,
  route('POST', '/api/customer-auth/signup', 'public', 'implied', 'Buyer sign-up'),
  route('POST', '/api/customer-auth/login', 'public', 'implied', 'Buyer sign-in'),
  route('POST', '/api/customer-auth/verify-code', 'public', 'implied', 'Verify a buyer email'),
  route('POST', '/api/customer-auth/resend-code', 'public', 'implied', 'Send a buyer a new code'),
  route('GET', '/api/customer-auth/profile', 'customer', 'spec-001', 'The signed-in buyer'),
  route('PATCH', '/api/customer-auth/profile', 'customer', 'spec-001', 'Update the buyer profile'),
];
