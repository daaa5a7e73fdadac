import { emailField, newPasswordField, passwordField } from '@onvelope/contracts';
import type { AccountKind } from '../session.js';

/** A contract's field, as far as a form needs it. */
interface FieldRule {
  safeParse(value: string): { error?: { issues: readonly { message: string }[] } };
}

export type AuthMode = 'login' | 'register';

/**
 * The account type a sign-in or sign-up address chose: `?account=customer` picks Buyer (the shell's
 * /customer-register, the verify page's way back, the Sign up / Sign in toggle); Seller otherwise.
 */
export function accountKindOf(query: URLSearchParams): AccountKind {
  return query.get('account') === 'customer' ? 'customer' : 'merchant';
}

/**
 * The sign-in or sign-up page with `account` still chosen, so a buyer who switches between them
 * stays a buyer.
 *
 * @example authPagePath('register', 'customer') // '/register?account=customer'
 */
export function authPagePath(mode: AuthMode, account: AccountKind): string {
  const path = mode === 'login' ? '/login' : '/register';
  return account === 'customer' ? `${path}?account=customer` : path;
}

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The first thing the field's contract says is wrong with the value, in the spec's words. */
const firstError = (field: FieldRule, value: string): string | undefined =>
  field.safeParse(value).error?.issues[0]?.message;

/** spec 001 §5: email required and an address mail reaches (the services' own rule). */
export const emailError = (email: string): string | undefined => firstError(emailField, email);

/** spec 001 §5: a password is required; a new one (sign-up, reset) needs at least 6 characters. */
export const passwordError = (password: string, isNew: boolean): string | undefined =>
  firstError(isNew ? newPasswordField : passwordField, password);

/** spec 001 §5: the verification code field keeps digits only, at most 6 of them. */
export function verificationCodeInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 6);
}

export function isCompleteVerificationCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** Optional text for a request body: trimmed, and left out when empty. */
export function optionalText(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed ? trimmed : undefined;
}
