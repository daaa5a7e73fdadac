import { trialDays } from '@onvelope/contracts';

/**
 * The pricing FAQ (spec 001 §2 names one; its answers follow §9 and the terms: 7-day trial with no
 * card, cancel at any time, full refund within 30 days of the first payment, card payments through
 * Stripe) and what stays open after the trial (the services' 402 rule, svc-billing README).
 */
const questions = [
  {
    id: 'trial',
    question: 'How does the free trial work?',
    answer: `Every new seller account starts with a ${trialDays}-day free trial of everything. No card is needed to start; you only pay if you subscribe.`,
  },
  {
    id: 'cancel',
    question: 'Can I cancel at any time?',
    answer:
      'Yes. Cancel from Manage billing in your account settings; your subscription stays active until the end of the period you have paid for.',
  },
  {
    id: 'refund',
    question: 'Do you offer refunds?',
    answer: 'Yes: a full refund within 30 days of your first payment. Just contact us.',
  },
  {
    id: 'payment',
    question: 'How do I pay?',
    answer:
      'By card, through Stripe. Your card details go to Stripe only; ONVELOPE never sees or stores them.',
  },
  {
    id: 'after-trial',
    question: 'What happens to my data after the trial ends?',
    answer:
      'Nothing is deleted. Signing in, your account settings, billing, your buyers’ tracking page and reports export stay open, and you can still clear your data or disconnect your store. Importing, syncing, shipping, custom messages, buyer queries and analytics come back as soon as you subscribe.',
  },
] as const;

export function PricingFaq() {
  return (
    <section className="mk-faq" aria-labelledby="pricing-faq-title" data-testid="pricing-faq">
      <h2 id="pricing-faq-title">Frequently asked questions</h2>
      {questions.map(({ id, question, answer }) => (
        <details key={id} className="ov-card mk-faq__item" data-testid={`pricing-faq-${id}`}>
          <summary>{question}</summary>
          <p>{answer}</p>
        </details>
      ))}
    </section>
  );
}
