import { Link } from '@onvelope/router';
import type { RemotePage } from '@onvelope/ui';
import { featureGroups } from '../features/feature-catalogue.js';
import { FeatureGrid } from '../features/FeatureGrid.js';
import type { PageMeta } from '../seo/page-meta.js';
import { MarketingPage } from './MarketingPage.js';

const meta: PageMeta = {
  title: 'Features',
  description:
    'What ONVELOPE does for buyers (order lookup, portal, questions to the seller), for sellers (CSV import, Big Cartel sync, shipping, keyword messages, reports, analytics) and under the hood.',
};

/** /features (spec 001 §2): what buyers, sellers and the technology get; links to /track and /register. */
const FeaturesPage: RemotePage<'mf_marketing/FeaturesPage'> = () => (
  <MarketingPage
    title="Features"
    meta={meta}
    testId="features-page"
    className="mk-page--wide"
    lead="ONVELOPE keeps online sellers and their buyers on the same page about every order."
  >
    <nav className="mk-jump" aria-label="On this page">
      {featureGroups.map((group) => (
        <a key={group.id} href={`#${group.id}`}>
          {group.title}
        </a>
      ))}
    </nav>
    {featureGroups.map((group) => (
      <section
        key={group.id}
        id={group.id}
        className="mk-section"
        aria-labelledby={`${group.id}-title`}
        data-testid={`features-${group.id}`}
      >
        <h2 id={`${group.id}-title`}>{group.title}</h2>
        <p className="mk-section__lead">{group.lead}</p>
        <FeatureGrid features={group.features} />
      </section>
    ))}
    <section className="mk-cta" aria-labelledby="features-cta-title">
      <h2 id="features-cta-title">Try it on your own orders</h2>
      <div className="mk-actions">
        <Link to="/register" className="ov-button" data-testid="features-register-link">
          Start your free trial
        </Link>
        <Link
          to="/track"
          className="ov-button ov-button--secondary"
          data-testid="features-track-link"
        >
          Track an order
        </Link>
      </div>
    </section>
  </MarketingPage>
);

export default FeaturesPage;
