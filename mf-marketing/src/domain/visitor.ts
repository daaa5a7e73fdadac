/**
 * Who looks at a public page, and what the header and the pricing page offer them (issue 38,
 * item 14). Login, Sign Up and the free-trial offer are for guests: a signed-in seller following
 * them was only sent back to the dashboard by the shell's guards, or to a pricing page that had
 * just said the trial was over.
 */
export type Visitor = 'seller' | 'buyer' | 'guest';

/** A page link: where it goes and what it says. */
export interface PageLink {
  to: string;
  label: string;
}

/**
 * The visitor from the stored sessions (null: none). A signed-in seller counts first, as in the
 * shell's guards, when one browser holds both sessions.
 */
export function visitorFrom(sessions: {
  merchant: object | null;
  customer: object | null;
}): Visitor {
  if (sessions.merchant) return 'seller';
  return sessions.customer ? 'buyer' : 'guest';
}

/** The header's account links: `signIn` and `main` (the button), and whether to offer Log out. */
export interface AccountLinks {
  signIn: PageLink | null;
  main: PageLink;
  signOut: boolean;
}

/** spec 001 §2: a guest gets Login and Sign Up; someone signed in gets their own home and Log out. */
export function accountLinksOf(visitor: Visitor): AccountLinks {
  switch (visitor) {
    case 'seller':
      return { signIn: null, main: { to: '/dashboard', label: 'Dashboard' }, signOut: true };
    case 'buyer':
      return {
        signIn: null,
        main: { to: '/customer-dashboard', label: 'My orders' },
        signOut: true,
      };
    case 'guest':
      return {
        signIn: { to: '/login', label: 'Login' },
        main: { to: '/register', label: 'Sign Up' },
        signOut: false,
      };
  }
}

/** The pricing page's way back (spec 001 §2: "a back-to-home link"): a seller's home is the dashboard. */
export function pricingBackLinkOf(visitor: Visitor): PageLink {
  return visitor === 'seller'
    ? { to: '/dashboard', label: 'Back to dashboard' }
    : { to: '/', label: 'Back to home' };
}

/** Whether the pricing page offers the free trial: only to a guest (an account has had its chance). */
export function offersTrial(visitor: Visitor): boolean {
  return visitor === 'guest';
}
