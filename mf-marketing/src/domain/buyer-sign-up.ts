/**
 * Where every buyer entry point of the public pages leads (the landing's "Create a buyer account",
 * the footer's "Customer Portal"): the spec's /customer-register route (spec 001 §2), which the
 * shell redirects to the sign-up screen with the Buyer account type chosen.
 */
export const buyerSignUpPath = '/customer-register';
