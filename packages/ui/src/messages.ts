/**
 * The texts screens show themselves (spec 001 §4 and §8): fallbacks when a failed call brings no
 * `error` of its own, and the success and state messages. One list, so the wording stays the spec's.
 */
export const clientMessages = {
  signInFailed: 'An error occurred',
  signInSucceeded: 'Login successful!',
  verifyFailed: 'Verification failed',
  resendFailed: 'Failed to resend code',
  verifiedWithoutToken: 'Verification successful but login failed. Please try logging in.',
  trialStartFailed: 'Failed to start trial',
  trialStartNetworkFailure: 'An error occurred while starting your trial. Please try again.',
  onboardingFailed: 'There was an error completing your setup. Please try again.',
  termsRequiredAlert: 'Please accept the terms and conditions to continue.',
  settingsFetchFailed: 'Failed to fetch account settings',
  settingsLoadFailed: 'Failed to load account settings',
  profileUpdateFailed: 'Failed to update profile',
  emailUpdateFailed: 'Failed to update email',
  passwordUpdateFailed: 'Failed to update password',
  profileUpdated: 'Profile updated successfully!',
  emailUpdated: 'Email updated successfully! Please verify your new email.',
  passwordUpdated: 'Password updated successfully!',
  sessionExpired: 'Your session has expired. Please log in again.',
  customerProfileLoadFailed: 'Failed to load profile',
  customerProfileUpdateFailed: 'Failed to update profile',
  customerNotAuthenticated: 'Not authenticated - please log in again',
  // spec 001 §8, pricing and checkout. 'Payment processing is temporarily unavailable...' and the
  // consent refusal are the server's own `error` texts, shown as they come.
  plansLoadFailed: 'Failed to load pricing plans',
  checkoutAuthRequired: 'Authentication required',
  checkoutSessionFailed: 'Failed to create checkout session',
  checkoutStartFailed: 'Failed to start checkout process',
  subscriptionSucceeded: 'Your subscription is active. Thank you!',
} as const;

/** spec 001 §9: how long a message stays before the screen moves on, in milliseconds. */
export const redirectDelays = {
  afterSignIn: 1500,
  afterVerification: 1500,
  afterSignUpNeedingVerification: 3000,
  afterSessionExpiry: 2000,
} as const;
