/**
 * Who may open a route (spec 001 §2, route and access table). Each kind maps to one redirect rule
 * in `redirectFor`, so the table below stays a list of paths and kinds.
 */
export type RouteAccess =
  | 'public'
  /** /login and /register: signed-in people are sent to their own home. */
  | 'signed-out'
  | 'merchant'
  /** /dashboard: a merchant with incomplete onboarding goes to the trial agreement first. */
  | 'merchant-dashboard'
  /** /trial-agreement: only while onboarding is incomplete. */
  | 'trial-agreement'
  | 'onboarding'
  | 'customer';

/**
 * The sign-in screen with Buyer chosen (issue 38, item 17): where /customer-login and the buyer
 * portal send a visitor. The one sign-in screen (spec 001 §2) starts on Seller otherwise.
 */
export const buyerSignInPath = '/login?account=customer';

/** What the guards know about the visitor, read from the stored tokens. */
export interface Viewer {
  merchant: { onboardingCompleted: boolean } | null;
  customer: boolean;
}

/** Where the visitor is sent instead of the route, or null when the route may render. */
export function redirectFor(access: RouteAccess, viewer: Viewer): string | null {
  const { merchant } = viewer;
  switch (access) {
    case 'public':
      return null;
    case 'signed-out':
      if (merchant) return '/dashboard';
      return viewer.customer ? '/customer-dashboard' : null;
    case 'merchant':
      return merchant ? null : '/login';
    case 'merchant-dashboard':
      if (!merchant) return '/login';
      return merchant.onboardingCompleted ? null : '/trial-agreement';
    case 'trial-agreement':
      if (!merchant) return '/login';
      return merchant.onboardingCompleted ? '/dashboard' : null;
    case 'onboarding':
      if (!merchant) return '/login';
      return merchant.onboardingCompleted ? null : '/trial-agreement';
    case 'customer':
      return viewer.customer ? null : buyerSignInPath;
  }
}
