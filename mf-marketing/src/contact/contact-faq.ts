import type { FaqEntry } from '../components/FaqList.js';
import { mailboxes } from '../domain/mailboxes.js';
import { commitments } from '../legal/commitments.js';

/** The contact page's FAQ (spec 001 §2: it links to /track and /privacy). */
export const contactFaq: FaqEntry[] = [
  {
    id: 'track',
    question: 'Where is my order?',
    answer:
      'Use the [tracking page](/track) with the email address, postcode and order number from your order confirmation. You do not need an account.',
  },
  {
    id: 'order-question',
    question: 'Who do I ask about my order?',
    answer:
      'The shop you bought from knows your order best. Send them a question from the [tracking page](/track): it goes straight to the seller, and their reply comes back to you.',
  },
  {
    id: 'response',
    question: 'How quickly will you reply?',
    answer: `Within ${commitments.responseHours} hours. For anything about your account or a refund, ${mailboxes.support.address} is the quickest way to reach us.`,
  },
  {
    id: 'privacy',
    question: 'What do you do with my personal data?',
    answer: `Only what is needed to track orders and run your account; we never sell it. Our [Privacy Policy](/privacy) explains the details and your rights, and ${mailboxes.privacy.address} answers any question about it.`,
  },
  {
    id: 'cancel',
    question: 'How do I cancel my subscription?',
    answer: `From Manage billing in your account settings, at any time. If ONVELOPE is not right for you, you can have a full refund within ${commitments.refundDays} days of your first payment; see our [Terms of Service](/terms#refunds).`,
  },
];
