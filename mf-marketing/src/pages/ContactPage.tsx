import type { RemotePage } from '@onvelope/ui';
import { FaqList } from '../components/FaqList.js';
import { contactFaq } from '../contact/contact-faq.js';
import { ContactForm } from '../contact/ContactForm.js';
import { mailboxes } from '../domain/mailboxes.js';
import { commitments } from '../legal/commitments.js';
import type { PageMeta } from '../seo/page-meta.js';
import { MarketingPage } from './MarketingPage.js';

const meta: PageMeta = {
  title: 'Contact us',
  description:
    'Write to the ONVELOPE team about your account, an order or a partnership. We answer within 24 hours.',
};

/** /contact (spec 001 §2): the contact form, the mailboxes and a FAQ linking to /track and /privacy. */
const ContactPage: RemotePage<'mf_marketing/ContactPage'> = () => (
  <MarketingPage
    title="Contact us"
    meta={meta}
    testId="contact-page"
    className="mk-page--wide"
    lead={`Questions about ONVELOPE, your account or a partnership? We answer within ${commitments.responseHours} hours.`}
  >
    <div className="mk-contact">
      <ContactForm />
      <aside className="mk-contact__aside" aria-labelledby="contact-mail-title">
        <h2 id="contact-mail-title">Email us directly</h2>
        <ul className="mk-mailboxes">
          {Object.values(mailboxes).map((box) => (
            <li key={box.address}>
              <span>{box.label}</span>
              <a href={`mailto:${box.address}`}>{box.address}</a>
            </li>
          ))}
        </ul>
        <p className="mk-muted">
          Asking about an order? The shop you bought from can answer fastest: send them a question
          from the tracking page.
        </p>
      </aside>
    </div>
    <section className="mk-section" aria-labelledby="contact-faq-title" data-testid="contact-faq">
      <h2 id="contact-faq-title">Frequently asked questions</h2>
      <FaqList entries={contactFaq} testId="contact-faq" />
    </section>
  </MarketingPage>
);

export default ContactPage;
