import type { ComponentType } from 'react';

/** Which version of a legal document a page shows (spec 001 §2: two versions of each). */
export type LegalVersion = 'current' | 'previous';

/**
 * Every module the remotes expose, with the props each page takes. The shell loads them by these
 * ids and the remotes type their default exports against the same entries, so both sides are
 * checked by the compiler instead of meeting at an untyped `loadRemote` call.
 */
export interface RemoteModules {
  'mf_marketing/PublicHeader': Record<string, never>;
  'mf_marketing/PublicFooter': Record<string, never>;
  'mf_marketing/LandingPage': Record<string, never>;
  'mf_marketing/FeaturesPage': Record<string, never>;
  'mf_marketing/PricingPage': Record<string, never>;
  'mf_marketing/AboutPage': Record<string, never>;
  'mf_marketing/ContactPage': Record<string, never>;
  'mf_marketing/PrivacyPage': { version: LegalVersion };
  'mf_marketing/TermsPage': { version: LegalVersion };
  'mf_customer/TrackPage': Record<string, never>;
  'mf_customer/CustomerDashboardPage': Record<string, never>;
  'mf_customer/AuthPage': { mode: 'login' | 'register' };
  'mf_customer/VerifyPage': Record<string, never>;
  'mf_merchant/AuthPage': { mode: 'login' | 'register' };
  'mf_merchant/VerifyPage': Record<string, never>;
  'mf_merchant/DashboardPage': Record<string, never>;
  'mf_merchant/AnalyticsPage': Record<string, never>;
  'mf_merchant/UploadPage': Record<string, never>;
  'mf_merchant/AccountSettingsPage': Record<string, never>;
  'mf_merchant/TrialAgreementPage': Record<string, never>;
  'mf_merchant/OnboardingPage': Record<string, never>;
  'mf_merchant/YourDataPage': Record<string, never>;
}

export type RemoteModuleId = keyof RemoteModules;

/** The component type a remote's exposed module exports as default. */
export type RemotePage<Id extends RemoteModuleId> = ComponentType<RemoteModules[Id]>;

/** The module object `loadRemote(id)` resolves to. */
export interface RemoteModule<Id extends RemoteModuleId> {
  default: RemotePage<Id>;
}
