import { mailboxes } from '../domain/mailboxes.js';
import { commitments as c, currentLegalVersion, planPricesText } from './commitments.js';
import type { LegalDocuments, LegalSection } from './legal-document.js';

// The Terms of Service, both versions (spec 001 §2). Sections that did not change in 2025-10-02 are
// shared by both; the ones that changed have a current and a previous variant.

const aboutTerms: LegalSection = {
  id: 'about',
  title: 'About these terms',
  blocks: [
    'ONVELOPE is provided by ONVELOPE Ltd, a company registered in England and Wales ("ONVELOPE", "we", "us"). These terms are the agreement between you and us for using the ONVELOPE website, the seller workspace, the buyer portal and the public order tracking page (together, "the Service").',
    'Please read them with our [Privacy Policy](/privacy), which explains how we handle personal data. By creating an account, starting a trial or subscribing you agree to these terms.',
  ],
};

const definitions: LegalSection = {
  id: 'definitions',
  title: 'Words we use',
  blocks: [
    {
      list: [
        '"Seller" means a business or sole trader that uses ONVELOPE to manage and track the orders of its online store.',
        '"Buyer" means a person who bought from a Seller and uses ONVELOPE to follow an order or to ask the Seller about it.',
        '"Subscription" means a paid ONVELOPE plan, billed monthly or yearly.',
        '"Your content" means the orders, messages, keyword rules and other material you put into ONVELOPE.',
      ],
    },
  ],
};

const eligibility: LegalSection = {
  id: 'eligibility',
  title: 'Who can use ONVELOPE',
  blocks: [
    `You must be at least ${c.minimumAge} years old to create an account. A Seller must be able to enter into a binding contract and uses ONVELOPE for the purposes of their business; if you accept these terms for a company, you confirm that you may bind it.`,
    'Buyers can look up an order without an account. Nothing in these terms affects the rights a Buyer has as a consumer under UK law.',
  ],
};

const accountsCurrent: LegalSection = {
  id: 'accounts',
  title: 'Your account',
  blocks: [
    'Seller and buyer accounts are opened with an email address and a password, or for Sellers with Google sign-in. We confirm every new email address with a 6-digit code before the account can be used.',
    {
      list: [
        'Give us accurate details and keep them up to date in your account settings.',
        'Keep your password secret and tell us straight away at support@onvelope.com if you think someone else has used your account.',
        'You are responsible for what is done through your account.',
      ],
    },
  ],
};

const accountsPrevious: LegalSection = {
  ...accountsCurrent,
  blocks: [
    'Seller accounts are opened with an email address and a password. We confirm every new email address with a 6-digit code before the account can be used.',
    accountsCurrent.blocks[1]!,
  ],
};

const trial: LegalSection = {
  id: 'trial',
  title: 'Free trial',
  blocks: [
    `Every new Seller account starts with a ${c.trialDays}-day free trial of all features. No credit card is needed to start it, and you are not charged when it ends.`,
    'When the trial ends, importing, syncing, shipping updates, custom messages, buyer queries and analytics pause until you subscribe. You can still sign in, change your account settings, export your reports, clear your data and disconnect your store, and your buyers can still track their orders. One free trial is available per Seller.',
  ],
};

const prices: LegalSection = {
  id: 'prices',
  title: 'Plans, prices and payment',
  blocks: [
    `ONVELOPE costs ${planPricesText()}. Both plans include every feature. Prices are in pounds sterling (GBP) and include any VAT that applies; the [pricing page](/pricing) always shows the current prices.`,
    'You pay by card through our payment provider, Stripe. Your card details go to Stripe only; we never see or store them. A Subscription renews automatically at the end of each billing period until you cancel it.',
    'If we change a price, we tell you by email before it applies, and the new price applies from your next billing period. You can cancel before then.',
  ],
};

const cancelling: LegalSection = {
  id: 'cancelling',
  title: 'Cancelling',
  blocks: [
    'You can cancel at any time from Manage billing in your account settings, with no cancellation fee. Your Subscription stays active until the end of the period you have paid for, and you are not charged again.',
  ],
};

const refunds: LegalSection = {
  id: 'refunds',
  title: 'Refunds',
  blocks: [
    `If ONVELOPE is not right for you, you can have a full refund within ${c.refundDays} days of your first payment: write to support@onvelope.com from the email address of your account. We refund to the card you paid with.`,
    'After that, payments for a period that has started are not refunded, except where the law requires it.',
  ],
};

const sellerDuties: LegalSection = {
  id: 'sellers',
  title: 'Your orders and your buyers',
  blocks: [
    "When you upload a CSV file or connect your store, you put your Buyers' personal data into ONVELOPE. You confirm that you may lawfully share it with us for order tracking. We process it on your behalf and only on your instructions, as our [Privacy Policy](/privacy) describes.",
    {
      list: [
        'You are responsible for the accuracy of your orders, shipping updates and the messages your keyword rules show to Buyers.',
        "You answer your Buyers' questions about their orders; ONVELOPE passes them on but is not the seller of the goods.",
        'Disputes about goods, delivery or payment for an order are between the Buyer and the Seller.',
      ],
    },
  ],
};

const buyersCurrent: LegalSection = {
  id: 'buyers',
  title: 'Using ONVELOPE as a buyer',
  blocks: [
    'Anyone can look up an order on the [tracking page](/track) with the email address, postcode and order number of that order, and send the Seller a question about it. Only look up orders that are yours or that you were asked to follow.',
    'A free buyer account keeps your orders, nicknames, notes and questions in one place. You can remove an order from your account at any time.',
  ],
};

const buyersPrevious: LegalSection = {
  ...buyersCurrent,
  blocks: [buyersCurrent.blocks[0]!],
};

const acceptableUse: LegalSection = {
  id: 'acceptable-use',
  title: 'Acceptable use',
  blocks: [
    'You must not:',
    {
      list: [
        'use ONVELOPE for anything unlawful, or to send spam or misleading messages to Buyers;',
        'try to find orders that are not yours, for example by guessing order numbers, emails or postcodes;',
        'copy, scrape or resell the Service, or get around its limits or security;',
        'upload malicious code or material you have no right to share.',
      ],
    },
    'We may suspend an account that breaks these rules, and we will tell you why unless the law or the safety of others prevents it.',
  ],
};

const storeFronts: LegalSection = {
  id: 'store-fronts',
  title: 'Store connections',
  blocks: [
    "You may connect a Big Cartel store so that ONVELOPE reads its orders and marks them shipped there. You authorise the connection on Big Cartel's own page and can disconnect it at any time from your account settings. Your use of Big Cartel stays subject to its own terms. Etsy and Shopify connections are not available yet.",
  ],
};

const availability: LegalSection = {
  id: 'availability',
  title: 'Availability and support',
  blocks: [
    `We aim to keep ONVELOPE available ${c.uptimeTarget} of the time in each calendar month, not counting maintenance we announce in advance. This is a target, not a guarantee: the Service may sometimes be interrupted by events outside our control.`,
    `Our support team answers messages to support@onvelope.com within ${c.responseHours} hours.`,
  ],
};

const intellectualProperty: LegalSection = {
  id: 'intellectual-property',
  title: 'Intellectual property',
  blocks: [
    'We own ONVELOPE, its software, design and brand. You own your content. You give us the right to store, copy and display your content only as needed to provide the Service to you and your Buyers.',
  ],
};

const ending: LegalSection = {
  id: 'ending',
  title: 'Ending your account and your data',
  blocks: [
    'You can close your account at any time by writing to support@onvelope.com; export your reports and clear your data first if you want to keep a copy. We may end an account that seriously or repeatedly breaks these terms, after telling you.',
    `After your account ends, we keep the data we must keep for tax, accounting and legal reasons for up to ${c.retentionYears} years after termination, and then delete it. Other data is deleted sooner, as our [Privacy Policy](/privacy#retention) explains.`,
  ],
};

const liability: LegalSection = {
  id: 'liability',
  title: 'Our liability',
  blocks: [
    'Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for anything else that the law does not allow to be limited.',
    'Otherwise, we are not liable for loss of profit, revenue, business or goodwill, or for indirect losses, and our total liability to a Seller in any 12 months is limited to the amount the Seller paid us in that period. We are not responsible for delays or losses caused by couriers, store platforms or payment providers.',
  ],
};

const changesCurrent: LegalSection = {
  id: 'changes',
  title: 'Changes to these terms',
  blocks: [
    'Each version of these terms has a version number and the date it took effect. When we make a change that matters, we email Sellers before it applies, and we ask you to agree to the new version before your next subscription checkout. We keep a record of the version you agreed to and when.',
    'The [previous version](/old-terms) stays available for reference.',
  ],
};

const changesPrevious: LegalSection = {
  ...changesCurrent,
  blocks: [
    'We may change these terms. We will publish the new version on this page with its date and, for changes that matter, email Sellers before they apply.',
  ],
};

const law: LegalSection = {
  id: 'law',
  title: 'Law and disputes',
  blocks: [
    'These terms are governed by the law of England and Wales, and its courts decide any dispute about them. If you are a consumer living in Scotland or Northern Ireland, you may also bring a claim in your local courts.',
  ],
};

const contact: LegalSection = {
  id: 'contact',
  title: 'Contact us',
  blocks: [
    `Questions about these terms: ${mailboxes.legal.address}. Help with your account or a refund: ${mailboxes.support.address}. You can also use our [contact page](/contact).`,
  ],
};

export const termsDocuments: LegalDocuments = {
  current: {
    title: 'Terms of Service',
    version: currentLegalVersion,
    intro:
      'These terms explain what you can expect from ONVELOPE and what we expect from you: the free trial, subscriptions, cancelling and refunds, how you may use the Service, and our responsibilities. This version adds buyer accounts and Google sign-in, and records which version each Seller agreed to.',
    sections: [
      aboutTerms,
      definitions,
      eligibility,
      accountsCurrent,
      trial,
      prices,
      cancelling,
      refunds,
      sellerDuties,
      buyersCurrent,
      acceptableUse,
      storeFronts,
      availability,
      intellectualProperty,
      ending,
      liability,
      changesCurrent,
      law,
      contact,
    ],
  },
  previous: {
    title: 'Terms of Service',
    version: '2024-06-01',
    intro:
      'These terms explain what you can expect from ONVELOPE and what we expect from you: the free trial, subscriptions, cancelling and refunds, how you may use the Service, and our responsibilities.',
    sections: [
      aboutTerms,
      definitions,
      eligibility,
      accountsPrevious,
      trial,
      prices,
      cancelling,
      refunds,
      sellerDuties,
      buyersPrevious,
      acceptableUse,
      storeFronts,
      availability,
      intellectualProperty,
      ending,
      liability,
      changesPrevious,
      law,
      contact,
    ],
  },
};
