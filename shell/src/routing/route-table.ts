import type { RemoteModuleId, RemoteModules } from '@onvelope/ui';
import { buyerSignInPath, type RouteAccess } from './access.js';

/** A remote module and the props the shell renders it with, kept paired by the compiler. */
export type PageRef = {
  [Id in RemoteModuleId]: { id: Id; props: RemoteModules[Id] };
}[RemoteModuleId];

/**
 * What shows that a route sellers and buyers share is opened for a buyer: the sign-in/up screen's
 * Buyer choice (`?account=customer`), or a buyer's e-mail waiting for its code (/verify).
 */
export type BuyerSign = 'account-query' | 'pending-verification';

export interface PageRoute {
  path: string;
  access: RouteAccess;
  /** `public` pages sit between the public header and footer; the others have their own frame. */
  layout: 'public' | 'own';
  /** Names the area in its loading and failure messages. */
  area: string;
  page: PageRef;
  /**
   * The buyer's page of a route both kinds of account use, from mf-customer, so that a buyer never
   * loads the seller's remote; `page` serves everyone else.
   */
  buyers?: { page: PageRef; when: BuyerSign };
}

export type RouteEntry = { path: string; redirectTo: string } | PageRoute;

const none = {};

/** spec 001 §2: every route of the product, in the order of the spec's table. */
export const routeTable: RouteEntry[] = [
  publicPage('/', 'home', { id: 'mf_marketing/LandingPage', props: none }),
  publicPage('/track', 'tracking', { id: 'mf_customer/TrackPage', props: none }),
  publicPage('/customer', 'tracking', { id: 'mf_customer/TrackPage', props: none }),
  publicPage('/features', 'features', { id: 'mf_marketing/FeaturesPage', props: none }),
  publicPage('/pricing', 'pricing', { id: 'mf_marketing/PricingPage', props: none }),
  publicPage('/about', 'about', { id: 'mf_marketing/AboutPage', props: none }),
  publicPage('/contact', 'contact', { id: 'mf_marketing/ContactPage', props: none }),
  publicPage('/privacy', 'privacy policy', {
    id: 'mf_marketing/PrivacyPage',
    props: { version: 'current' },
  }),
  publicPage('/terms', 'terms', { id: 'mf_marketing/TermsPage', props: { version: 'current' } }),
  publicPage('/old-privacy', 'privacy policy', {
    id: 'mf_marketing/PrivacyPage',
    props: { version: 'previous' },
  }),
  publicPage('/old-terms', 'terms', {
    id: 'mf_marketing/TermsPage',
    props: { version: 'previous' },
  }),
  {
    ...ownPage('/login', 'signed-out', 'sign-in', {
      id: 'mf_merchant/AuthPage',
      props: { mode: 'login' },
    }),
    buyers: {
      page: { id: 'mf_customer/AuthPage', props: { mode: 'login' } },
      when: 'account-query',
    },
  },
  {
    ...ownPage('/register', 'signed-out', 'sign-up', {
      id: 'mf_merchant/AuthPage',
      props: { mode: 'register' },
    }),
    buyers: {
      page: { id: 'mf_customer/AuthPage', props: { mode: 'register' } },
      when: 'account-query',
    },
  },
  {
    ...ownPage('/verify', 'public', 'verification', { id: 'mf_merchant/VerifyPage', props: none }),
    buyers: { page: { id: 'mf_customer/VerifyPage', props: none }, when: 'pending-verification' },
  },
  ownPage('/trial-agreement', 'trial-agreement', 'trial agreement', {
    id: 'mf_merchant/TrialAgreementPage',
    props: none,
  }),
  ownPage('/onboarding', 'onboarding', 'onboarding', {
    id: 'mf_merchant/OnboardingPage',
    props: none,
  }),
  // Buyers' sign-in: the one sign-in screen, with the Buyer account type chosen.
  { path: '/customer-login', redirectTo: buyerSignInPath },
  // Buyers' sign-up: the one sign-up screen, with the Buyer account type chosen.
  { path: '/customer-register', redirectTo: '/register?account=customer' },
  ownPage('/customer-dashboard', 'customer', 'customer portal', {
    id: 'mf_customer/CustomerDashboardPage',
    props: none,
  }),
  ownPage('/dashboard', 'merchant-dashboard', 'dashboard', {
    id: 'mf_merchant/DashboardPage',
    props: none,
  }),
  ownPage('/analytics', 'merchant', 'analytics', { id: 'mf_merchant/AnalyticsPage', props: none }),
  ownPage('/upload', 'merchant', 'upload', { id: 'mf_merchant/UploadPage', props: none }),
  ownPage('/account-settings', 'merchant', 'account settings', {
    id: 'mf_merchant/AccountSettingsPage',
    props: none,
  }),
  // Not in the spec's table (issue 38 item 1): reports, export and Manage Database, open to a
  // seller whose workspace is closed, so their data can always be taken or deleted.
  ownPage('/your-data', 'merchant', 'your data', { id: 'mf_merchant/YourDataPage', props: none }),
  { path: '*', redirectTo: '/' },
];

function publicPage(path: string, area: string, page: PageRef): PageRoute {
  return { path, access: 'public', layout: 'public', area, page };
}

function ownPage(path: string, access: RouteAccess, area: string, page: PageRef): PageRoute {
  return { path, access, layout: 'own', area, page };
}
