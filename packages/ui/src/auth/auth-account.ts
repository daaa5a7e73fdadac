import type { AccountKind } from '../session.js';
import type { ContractSchema } from '../use-contract-form.js';

/** The text fields of a sign-up form, by name. */
export type SignUpValues = Record<string, string>;

/** A field a kind of account asks for at sign-up, beside email and password. */
export interface SignUpField {
  name: string;
  label: string;
  autoComplete: string;
  testId: string;
}

/** An answer that is only a message to show (reset code sent, password set, code resent). */
export interface MessageAnswer {
  message: string;
}

/**
 * What the one sign-in, sign-up and verify screen (spec 001 §2) does for one kind of account: its
 * calls, where each success leads and what it stores. mf-merchant gives the seller's, mf-customer
 * the buyer's, so that each remote carries only its own account's calls.
 */
export interface AuthAccount {
  kind: AccountKind;
  /** Asked for at sign-up, side by side when there are two. */
  signUpFields: readonly SignUpField[];
  /** The contract's sign-up request, which checks the form before it is sent. */
  signUpRequest: ContractSchema;
  /** Offers "Continue with Google" (sellers only). */
  googleSignIn: boolean;
  /** Signs in and stores the session; answers where to go next. */
  signIn(email: string, password: string): Promise<string>;
  /** Creates the account; answers the address the verification code went to. */
  signUp(email: string, password: string, fields: SignUpValues): Promise<string>;
  requestPasswordReset(email: string): Promise<MessageAnswer>;
  resetPassword(body: { email: string; code: string; newPassword: string }): Promise<MessageAnswer>;
  /** Verifies the emailed code and stores the session; answers where to go next. */
  verify(email: string, code: string): Promise<string>;
  resendCode(email: string): Promise<MessageAnswer>;
}

/** A verification answer without a token: verified, but not signed in (spec 001 §8). */
export class MissingToken extends Error {}
