/** What a public page tells browsers, search engines and link previews about itself. */
export interface PageMeta {
  /** The page's own part of the title; the site name is added by `documentTitle`. */
  title: string;
  description: string;
}

export const siteName = 'ONVELOPE';

/** 'Features | ONVELOPE'; the landing page's title is the site's own tagline. */
export function documentTitle(path: string, meta: PageMeta): string {
  return path === '/' ? `${siteName}: ${meta.title}` : `${meta.title} | ${siteName}`;
}

/** One entry per public page of mf-marketing, by route (spec 001 §2). */
export const pageMetaByPath: Record<string, PageMeta> = {
  '/': {
    title: 'Order tracking for online sellers and their buyers',
    description:
      'Sellers import, ship and answer questions about their orders in one workspace; buyers track any order with an email, a postcode and an order number. 7-day free trial.',
  },
  '/features': {
    title: 'Features',
    description:
      'What ONVELOPE does for buyers (order lookup, portal, questions to the seller), for sellers (CSV import, Big Cartel sync, shipping, keyword messages, reports, analytics) and under the hood.',
  },
  '/pricing': {
    title: 'Pricing',
    description:
      'One ONVELOPE plan with every feature, paid monthly or yearly, after a 7-day free trial with no credit card needed.',
  },
  '/about': {
    title: 'About',
    description:
      'Why ONVELOPE exists: small online sellers and their buyers deserve the order updates the big marketplaces give.',
  },
  '/contact': {
    title: 'Contact us',
    description:
      'Write to the ONVELOPE team about your account, an order or a partnership. We answer within 24 hours.',
  },
  '/privacy': {
    title: 'Privacy Policy',
    description:
      'How ONVELOPE collects, uses, shares and keeps personal data of sellers and buyers, and your rights under UK data protection law. Version 2025-10-02.',
  },
  '/terms': {
    title: 'Terms of Service',
    description:
      'The terms for using ONVELOPE: accounts, the 7-day free trial, subscriptions and refunds, acceptable use, availability and liability. Version 2025-10-02.',
  },
  '/old-privacy': {
    title: 'Privacy Policy (previous version)',
    description:
      'The previous ONVELOPE Privacy Policy, superseded on October 2, 2025. Kept for reference.',
  },
  '/old-terms': {
    title: 'Terms of Service (previous version)',
    description:
      'The previous ONVELOPE Terms of Service, superseded on October 2, 2025. Kept for reference.',
  },
};

/** The entry of a path, or the landing page's for a path without one (the standalone dev page). */
export function pageMetaOf(path: string): PageMeta {
  return pageMetaByPath[path] ?? pageMetaByPath['/']!;
}
