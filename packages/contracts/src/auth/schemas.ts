import { z } from 'zod';
import { textField, webAddress } from '../text.js';

// API keys live in their own module; exported from here so the package entry point carries them.
export * from './api-keys.js';

// Spec 001 §5: the words a seller or buyer sees when a field is wrong.
export const authValidationMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  codeInvalid: 'Please enter a valid 6-digit verification code',
  termsRequired: 'You must agree to the Terms of Service and Privacy Policy.',
  paymentTermsRequired: 'You must agree to the payment terms and billing.',
  passwordsDiffer: 'New password and confirmation do not match',
} as const;

const m = authValidationMessages;

/** Trimmed and lower-cased, so one address is one account however it is typed. */
/**
 * An address mail reaches as typed: a dot-atom local part (letters, digits and
 * !#$%&'*+/=?^_`{|}~- with single dots between) and a domain of dot-separated labels ending in a
 * letters-only top-level domain. Quoted local parts, comments, angle brackets and lists
 * ('a,b@x.com', 'a(b)@x.com', 'a>b@x.com') are refused: mail software reads them differently, and
 * one such address sent a code to another mailbox. The one rule of the forms, the services and the
 * mailer.
 */
const DELIVERABLE_EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
export const isDeliverableEmail = (email: string) =>
  email.length <= 254 && DELIVERABLE_EMAIL.test(email);

export const emailField = z
  .string({ error: m.emailRequired })
  .trim()
  // An empty field is only 'required', not also 'invalid': the first failed check ends the list.
  .min(1, { error: m.emailRequired, abort: true })
  .refine(isDeliverableEmail, m.emailInvalid)
  .transform((email) => email.toLowerCase());

export const newPasswordField = z
  .string({ error: m.passwordRequired })
  .min(1, { error: m.passwordRequired, abort: true })
  .min(6, m.passwordTooShort)
  .max(200, 'Password must be at most 200 characters');

export const passwordField = z.string({ error: m.passwordRequired }).min(1, m.passwordRequired);

export const verificationCodeField = z
  .string({ error: m.codeInvalid })
  .trim()
  .regex(/^\d{6}$/, m.codeInvalid);

export const planIds = ['free', 'pro_monthly', 'pro_yearly'] as const;
export const planIdField = z.enum(planIds);

/** Terms version the consent must name (spec 001 §9). */
export const currentTermsVersion = '2025-10-02';

/** The seller as the screens keep it (`user` / `userInfo` in storage). */
export const sellerUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  displayName: z.string().nullable(),
  role: z.literal('merchant'),
  accountId: z.string(),
  isVerified: z.boolean(),
  onboardingCompleted: z.boolean(),
  selectedPlan: planIdField.nullable(),
  trialEnd: z.iso.datetime().nullable(),
});
export type SellerUser = z.infer<typeof sellerUser>;

export const signedIn = z.object({ token: z.string(), user: sellerUser });

export const loginRequest = z.object({ email: emailField, password: passwordField });
export const signupRequest = z.object({
  email: emailField,
  displayName: textField().max(100).optional(),
  password: newPasswordField,
});
export const signupResponse = z.object({
  requiresVerification: z.literal(true),
  email: z.string(),
  message: z.string(),
});
export const verifyCodeRequest = z.object({ email: emailField, code: verificationCodeField });
export const emailOnlyRequest = z.object({ email: emailField });
export const messageResponse = z.object({ message: z.string() });
export const profileResponse = z.object({ user: sellerUser });

export const consentRecord = z.object({
  agreed: z.literal(true, { error: m.termsRequired }),
  termsUrl: textField({ trim: false }).min(1),
  privacyUrl: textField({ trim: false }).min(1),
  termsVersion: z.literal(currentTermsVersion, {
    error: `Terms version must be ${currentTermsVersion}`,
  }),
  consentTimestamp: z.iso.datetime({ error: 'consentTimestamp must be an ISO date and time' }),
  consentIp: textField({ trim: false }).min(1).max(100),
});
export const completeOnboardingRequest = z.object({
  selectedPlan: planIdField.exclude(['free']).default('pro_monthly'),
  agreeToTrialTerms: z.literal(true, { error: m.termsRequired }),
  agreeToPaymentTerms: z.literal(true, { error: m.paymentTermsRequired }),
  consent: consentRecord,
});
export const completeOnboardingResponse = z.object({
  trialEnd: z.iso.datetime(),
  selectedPlan: planIdField,
  user: sellerUser,
});

/**
 * The time zone a seller's days and hours are counted in (analytics), when they have not chosen
 * one: the product is British and prices are in pounds.
 */
export const DEFAULT_TIME_ZONE = 'Europe/London';

/** Whether the runtime knows the IANA time zone (`Europe/Paris`, `America/New_York`, `UTC`). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

/** Spec 001 §3 "Settings", as the account settings page shows them. */
export const accountSettings = z.object({
  email: z.string(),
  displayName: z.string().nullable(),
  companyName: z.string().nullable(),
  businessType: z.string().nullable(),
  website: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  country: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  /** Beyond the spec: the IANA zone analytics counts the seller's days in (`DEFAULT_TIME_ZONE`). */
  timeZone: z.string(),
  isVerified: z.boolean(),
  plan: planIdField.nullable(),
  createdAt: z.iso.datetime(),
  lastLoginAt: z.iso.datetime().nullable(),
});
export const accountResponse = z.object({
  account: accountSettings,
  message: z.string().optional(),
});
/** A new email ends every older token, this one included; the answer carries a fresh one. */
export const updateEmailResponse = accountResponse.extend({ token: z.string() });

const optionalText = (max: number) => textField().max(max).optional();
export const updateProfileRequest = z.object({
  displayName: optionalText(100),
  companyName: optionalText(200),
  businessType: optionalText(100),
  website: z
    .union([z.literal(''), webAddress('Website must be a web address (http:// or https://)')])
    .optional(),
  phoneNumber: textField()
    .regex(/^[+()\d\s.-]{0,30}$/, 'Phone number may hold digits, spaces and + ( ) . - only')
    .optional(),
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  country: optionalText(100),
  postalCode: optionalText(20),
  timeZone: textField()
    .refine(isTimeZone, 'Time zone must be a zone such as Europe/London')
    .optional(),
});
export const updateEmailRequest = z.object({ newEmail: emailField, password: passwordField });
export const updatePasswordRequest = z
  .object({
    currentPassword: passwordField,
    newPassword: newPasswordField,
    confirmPassword: z.string(),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    message: m.passwordsDiffer,
    path: ['confirmPassword'],
  });
/** A new password ends every older token, this one included; the answer carries a fresh one. */
export const updatePasswordResponse = z.object({ message: z.string(), token: z.string() });

export const resetPasswordRequest = z.object({
  email: emailField,
  code: verificationCodeField,
  newPassword: newPasswordField,
});

/** A buyer (spec 001 §3 "Customer"). */
export const customerProfile = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  defaultPostcode: z.string().nullable(),
  avatar: z.string().nullable(),
  isVerified: z.boolean(),
  /** Orders the buyer has claimed; null when svc-orders could not be asked just then. */
  orderCount: z.number().int().nonnegative().nullable(),
});
export type CustomerProfile = z.infer<typeof customerProfile>;
export const customerSignupRequest = z.object({
  email: emailField,
  password: newPasswordField,
  firstName: optionalText(100),
  lastName: optionalText(100),
});
export const customerSignedIn = z.object({ token: z.string(), customer: customerProfile });
export const customerProfileResponse = z.object({ customer: customerProfile });
/** With a new email, every older token ends (this one too) and `token` is a fresh one. */
export const updateCustomerProfileResponse = customerProfileResponse.extend({
  token: z.string().optional(),
});
export const updateCustomerProfileRequest = z.object({
  firstName: optionalText(100),
  lastName: optionalText(100),
  email: emailField.optional(),
  defaultPostcode: textField()
    .max(20)
    .transform((postcode) => postcode.toUpperCase())
    .optional(),
  avatar: z
    .union([z.literal(''), webAddress('Avatar must be a web address (http:// or https://)')])
    .optional(),
});

/**
 * 403 from a sign-in (seller or buyer) whose password is right but whose email is not verified
 * yet: a fresh code is on its way, and the screen keeps `email` as pendingVerification and goes
 * to /verify.
 */
export const emailNotVerifiedResponse = z.object({
  error: z.string(),
  details: z.array(z.object({ message: z.string(), path: z.string().optional() })),
  requiresVerification: z.literal(true),
  email: z.string(),
});
