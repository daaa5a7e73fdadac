import { describe, expect, it } from 'vitest';
import { loginRequest, signupRequest } from '@onvelope/contracts';
import { fieldErrorsOf } from '../field-errors.js';
import {
  accountKindOf,
  authPagePath,
  emailError,
  isCompleteVerificationCode,
  optionalText,
  passwordError,
  verificationCodeInput,
} from './auth-form.js';

// The sign-in and sign-up forms check their fields with these requests (CredentialsForm).
describe('the sign-in and sign-up checks', () => {
  it('asks for an email and a password with the spec messages', () => {
    expect(fieldErrorsOf(loginRequest, { email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('refuses an email without the something@something shape', () => {
    expect(emailError('sam.shop.test')).toBe('Invalid email address');
    expect(emailError('sam@')).toBe('Invalid email address');
    expect(emailError('sa m@shop.test')).toBe('Invalid email address');
    // The services refuse these; so does the form, before anything is sent.
    expect(emailError('a@b')).toBe('Invalid email address');
    expect(emailError('a,b@shop.test')).toBe('Invalid email address');
    expect(emailError('  sam@shop.test ')).toBeUndefined();
  });

  it('needs 6 characters for a new password on sign-up but only one on sign-in', () => {
    expect(fieldErrorsOf(signupRequest, { email: 'a@b.co', password: '12345' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(fieldErrorsOf(loginRequest, { email: 'a@b.co', password: '1' })).toEqual({});
    expect(passwordError('123456', true)).toBeUndefined();
  });
});

describe('verification code input', () => {
  it('keeps digits only and at most 6 of them', () => {
    expect(verificationCodeInput('12a-3 4')).toBe('1234');
    expect(verificationCodeInput('12345678')).toBe('123456');
  });

  it('accepts exactly 6 digits as a complete code', () => {
    expect(isCompleteVerificationCode('12345')).toBe(false);
    expect(isCompleteVerificationCode('123456')).toBe(true);
  });
});

describe('optionalText', () => {
  it('trims text and leaves out what is empty', () => {
    expect(optionalText('  Ann ')).toBe('Ann');
    expect(optionalText('   ')).toBeUndefined();
  });
});

describe('the account type across sign-in and sign-up', () => {
  it('keeps Buyer chosen on the other page, and Seller without a parameter', () => {
    expect(authPagePath('register', 'customer')).toBe('/register?account=customer');
    expect(authPagePath('login', 'customer')).toBe('/login?account=customer');
    expect(authPagePath('register', 'merchant')).toBe('/register');
    expect(authPagePath('login', 'merchant')).toBe('/login');
  });

  it('reads Buyer from ?account=customer and Seller from anything else', () => {
    expect(
      accountKindOf(new URLSearchParams(authPagePath('login', 'customer').split('?')[1])),
    ).toBe('customer');
    expect(accountKindOf(new URLSearchParams('account=merchant'))).toBe('merchant');
    expect(accountKindOf(new URLSearchParams('account=admin'))).toBe('merchant');
    expect(accountKindOf(new URLSearchParams(''))).toBe('merchant');
  });
});
