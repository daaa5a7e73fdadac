import { authValidationMessages as messages } from '@onvelope/contracts';

export type AuthMode = 'login' | 'register';

export interface CredentialFields {
  email: string;
  password: string;
}

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

// The same shape the services accept (contracts' emailField): something@something.
const emailPattern = /^[^\s@]+@[^\s@]+$/;

/** spec 001 §5: email required and shaped like an address. */
export function emailError(email: string): string | undefined {
  const trimmed = email.trim();
  if (!trimmed) return messages.emailRequired;
  if (!emailPattern.test(trimmed)) return messages.emailInvalid;
  return undefined;
}

/** spec 001 §5: a password is required; a new one (sign-up, reset) needs at least 6 characters. */
export function passwordError(password: string, isNew: boolean): string | undefined {
  if (!password) return messages.passwordRequired;
  if (isNew && password.length < 6) return messages.passwordTooShort;
  return undefined;
}

/**
 * The sign-in / sign-up form's own checks (spec 001 §5), with the spec's exact messages; an empty
 * object means the form may be sent.
 */
export function validateCredentials(
  mode: AuthMode,
  fields: CredentialFields,
): FieldErrors<keyof CredentialFields> {
  const errors: FieldErrors<keyof CredentialFields> = {};
  const email = emailError(fields.email);
  const password = passwordError(fields.password, mode === 'register');
  if (email) errors.email = email;
  if (password) errors.password = password;
  return errors;
}

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
