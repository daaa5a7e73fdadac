import { Link } from '@onvelope/router';
import type { RemotePage } from '@onvelope/ui';
import type { Feature } from '../features/feature-catalogue.js';
import { FeatureGrid } from '../features/FeatureGrid.js';
import type { PageMeta } from '../seo/page-meta.js';
import { MarketingPage } from './MarketingPage.js';

const values: Feature[] = [
  {
    icon: 'message',
    title: 'Say what is happening',
    text: 'A buyer who knows where their parcel is does not need to ask. We make the honest answer the easy one.',
  },
  {
    icon: 'lock',
    title: 'Respect the data',
    text: 'Sellers trust us with their buyers’ details. We keep each shop’s data apart and use it only to track orders.',
  },
  {
    icon: 'person',
    title: 'Made for small shops',
    text: 'One plan with everything, a free trial without a card, and no setup beyond a spreadsheet or a store connection.',
  },
];

const meta: PageMeta = {
  title: 'About',
  description:
    'Why ONVELOPE exists: small online sellers and their buyers deserve the order updates the big marketplaces give.',
};

/** /about (spec 001 §2): who we are; links to /contact and /login. */
const AboutPage: RemotePage<'mf_marketing/AboutPage'> = () => (
  <MarketingPage
    title="About ONVELOPE"
    meta={meta}
    testId="about-page"
    lead="Order updates that small online sellers and their buyers can rely on."
  >
    <section className="mk-prose" aria-labelledby="about-story-title">
      <h2 id="about-story-title">Why we built it</h2>
      <p>
        Big marketplaces tell buyers where their parcel is at every step. Independent sellers, who
        pack orders at the kitchen table or in a small workshop, usually answer the same question by
        email, one buyer at a time.
      </p>
      <p>
        ONVELOPE gives every seller that marketplace experience: orders come in from a spreadsheet
        or the seller’s store, shipping updates reach buyers at once, and questions about an order
        land in one inbox. Buyers get one place to follow their orders, with or without an account.
      </p>
      <p>
        We are ONVELOPE Ltd, a small team in the United Kingdom. We charge sellers one simple
        subscription and never sell anyone’s data.
      </p>
    </section>
    <section className="mk-section" aria-labelledby="about-values-title">
      <h2 id="about-values-title">What we care about</h2>
      <FeatureGrid features={values} />
    </section>
    <section className="mk-cta" aria-labelledby="about-cta-title">
      <h2 id="about-cta-title">Talk to us</h2>
      <p>Questions, ideas or a partnership in mind? We would like to hear from you.</p>
      <div className="mk-actions">
        <Link to="/contact" className="ov-button" data-testid="about-contact-link">
          Contact us
        </Link>
        <Link to="/login" className="ov-button ov-button--secondary" data-testid="about-login-link">
          Sign in
        </Link>
      </div>
    </section>
  </MarketingPage>
);

export default AboutPage;
