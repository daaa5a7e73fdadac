import { mailboxes } from '../domain/mailboxes.js';
import { commitments as c, currentLegalVersion } from './commitments.js';
import type { LegalDocuments, LegalSection } from './legal-document.js';

// The Privacy Policy, both versions (spec 001 §2). Sections that did not change in 2025-10-02 are
// shared by both; the ones that changed have a current and a previous variant. The minimum age is
// stated in the later text only (spec 001 §9).

const whoWeAre: LegalSection = {
  id: 'who-we-are',
  title: 'Who we are',
  blocks: [
    `ONVELOPE Ltd, a company registered in England and Wales, runs ONVELOPE ("we", "us"). This policy explains how we handle personal data of Sellers, of their Buyers and of visitors to our website, under the UK GDPR and the Data Protection Act 2018. You can reach us about privacy at ${mailboxes.privacy.address}.`,
  ],
};

const roles: LegalSection = {
  id: 'roles',
  title: "Our role and the Seller's role",
  blocks: [
    'For Seller accounts, buyer accounts, billing and our website, we decide how personal data is used: we are the controller.',
    'For the orders a Seller uploads or syncs from their store, the Seller is the controller and we are their processor: we use that order data only to provide ONVELOPE to the Seller and their Buyers, under a data processing agreement that forms part of our [Terms of Service](/terms). Questions about how a shop uses your order data are best sent to that shop first.',
  ],
};

// What each version lists as collected; the 2025-10-02 version adds consent records and buyer accounts.
const collected = {
  seller:
    'Seller account: email address, display name, password (stored only as a secure hash), and the company name, phone number, website and address you choose to add.',
  billing:
    'Billing: your plan and subscription status, and the reference Stripe gives your customer record. Card details go to Stripe only; we never receive them.',
  consent: 'Consent: the version of our terms and this policy you agreed to, and when.',
  orders:
    "Orders: the details of each order a Seller brings in, such as the Buyer's name, email address, postcode and shipping address, the items, prices, courier and tracking number.",
  buyerAccount:
    'Buyer account: your name, email address, default postcode, an optional avatar address, and the nicknames and notes you give your orders.',
  questions:
    "Questions: the subject and message of each question a Buyer sends about an order, and the Seller's replies.",
  technical:
    'Technical data: IP address, browser type and the time of each request, kept in our server logs to keep the Service secure and working.',
};

const dataWeCollectCurrent: LegalSection = {
  id: 'data-we-collect',
  title: 'The data we collect',
  blocks: [{ list: Object.values(collected) }],
};

const dataWeCollectPrevious: LegalSection = {
  ...dataWeCollectCurrent,
  blocks: [
    {
      list: [
        collected.seller,
        collected.billing,
        collected.orders,
        collected.questions,
        collected.technical,
      ],
    },
  ],
};

const howWeUse: LegalSection = {
  id: 'how-we-use',
  title: 'How we use it and why',
  blocks: [
    {
      list: [
        'To provide ONVELOPE: Seller workspaces, order lookups and questions between Buyers and Sellers (performing our contract with you).',
        'To confirm email addresses with a 6-digit code, sign you in and keep accounts secure, including limiting repeated attempts (our legitimate interest in a safe service).',
        'To take payments and keep billing and tax records (our contract with you and our legal obligations).',
        "To show each Seller analytics about their own orders. We do not combine different Sellers' order data.",
        'To answer your messages and send service emails, such as verification codes and notices about changes to these documents.',
      ],
    },
    'We do not sell personal data, use it for advertising, or make decisions about you by automated means that have legal or similar effects.',
  ],
};

const providers = [
  'Stripe, for subscription payments',
  'Our hosting and email delivery providers, to run the Service and send its emails',
  'Big Cartel, when a Seller connects their store, to read orders and mark them shipped there',
];

function sharingWith(list: string[]): LegalSection {
  return {
    id: 'sharing',
    title: 'Who we share it with',
    blocks: [
      'We use a small number of service providers who process data for us under contract and only on our instructions:',
      { list },
      'A Seller sees the orders and questions of their own Buyers. We share data with authorities only when the law requires it.',
    ],
  };
}

const sharingCurrent = sharingWith([
  ...providers,
  'Google, when a Seller chooses to sign in with Google',
]);
const sharingPrevious = sharingWith(providers);

const transfers: LegalSection = {
  id: 'transfers',
  title: 'Transfers outside the UK',
  blocks: [
    'Some providers process data outside the UK. When they do, we rely on UK adequacy regulations or on the International Data Transfer Agreement or Addendum approved under UK law.',
  ],
};

const retention: LegalSection = {
  id: 'retention',
  title: 'How long we keep it',
  blocks: [
    'We keep account data while the account is open. A Seller can clear their order data at any time, and a Buyer can remove orders from their account.',
    `After an account is closed or terminated, we keep the records we need for tax, accounting and legal claims for up to ${c.retentionYears} years after termination, then delete or anonymise them. Server logs are kept only for a short period for security.`,
  ],
};

const security: LegalSection = {
  id: 'security',
  title: 'How we protect it',
  blocks: [
    "Data travels encrypted (HTTPS). Passwords are stored as secure hashes, sign-in tokens expire, and each Seller's data is kept apart from every other Seller's. If a breach puts your data at risk, we tell you and the Information Commissioner's Office as the law requires.",
  ],
};

const rights: LegalSection = {
  id: 'your-rights',
  title: 'Your rights',
  blocks: [
    'You have the right to access your personal data, to correct it, to have it erased, to restrict or object to its use, to receive it in a portable form, and to withdraw consent where we rely on it.',
    `To use a right, write to ${mailboxes.privacy.address}. We acknowledge every request within ${c.responseHours} hours and answer it within one month. If you are not happy with our answer, you can complain to the Information Commissioner's Office (ico.org.uk).`,
  ],
};

const age: LegalSection = {
  id: 'age',
  title: 'Minimum age',
  blocks: [
    `ONVELOPE is for people aged ${c.minimumAge} or over. We do not knowingly hold accounts of anyone younger; if we learn of one, we delete it.`,
  ],
};

const browserStorage: LegalSection = {
  id: 'browser-storage',
  title: 'Cookies and browser storage',
  blocks: [
    "ONVELOPE keeps your sign-in and your onboarding progress in your browser's local and session storage. We use no advertising or third-party analytics cookies. Stripe sets its own cookies on its payment pages, under its own privacy policy.",
  ],
};

const changesCurrent: LegalSection = {
  id: 'changes',
  title: 'Changes to this policy',
  blocks: [
    'Each version of this policy has a version number and the date it took effect. When we make a change that matters, we email account holders before it applies. The [previous version](/old-privacy) stays available for reference.',
  ],
};

const changesPrevious: LegalSection = {
  ...changesCurrent,
  blocks: [
    'We may change this policy. We will publish the new version on this page with its date and, for changes that matter, email account holders before they apply.',
  ],
};

const contact: LegalSection = {
  id: 'contact',
  title: 'Contact us',
  blocks: [
    `Privacy questions and requests: ${mailboxes.privacy.address}. Legal matters: ${mailboxes.legal.address}. You can also use our [contact page](/contact).`,
  ],
};

export const privacyDocuments: LegalDocuments = {
  current: {
    title: 'Privacy Policy',
    version: currentLegalVersion,
    intro:
      'This policy explains what personal data ONVELOPE holds about Sellers, Buyers and visitors, why, who else sees it, how long we keep it and what your rights are. This version adds buyer accounts, the record of your consent to our terms, Google sign-in and our minimum age.',
    sections: [
      whoWeAre,
      roles,
      dataWeCollectCurrent,
      howWeUse,
      sharingCurrent,
      transfers,
      retention,
      security,
      rights,
      age,
      browserStorage,
      changesCurrent,
      contact,
    ],
  },
  previous: {
    title: 'Privacy Policy',
    version: '2024-06-01',
    intro:
      'This policy explains what personal data ONVELOPE holds about Sellers, Buyers and visitors, why, who else sees it, how long we keep it and what your rights are.',
    sections: [
      whoWeAre,
      roles,
      dataWeCollectPrevious,
      howWeUse,
      sharingPrevious,
      transfers,
      retention,
      security,
      rights,
      browserStorage,
      changesPrevious,
      contact,
    ],
  },
};
