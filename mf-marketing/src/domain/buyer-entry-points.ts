/**
 * The landing's "Create a buyer account": the spec's /customer-register route (spec 001 §2), which
 * the shell redirects to the sign-up screen with the Buyer account type chosen.
 */
export const buyerSignUpPath = '/customer-register';

/**
 * The footer's "Customer Portal" (issue 38, item 17): the portal itself. A signed-in buyer opens it;
 * anyone else is sent by the shell's guard to the sign-in screen with Buyer chosen, which links to
 * sign-up for a buyer without an account. A portal link that opened sign-up sent buyers who have an
 * account to the wrong form.
 */
export const buyerPortalPath = '/customer-dashboard';
