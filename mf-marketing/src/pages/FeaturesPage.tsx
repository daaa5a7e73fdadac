import { Link } from 'react-router';
import type { RemotePage } from '@onvelope/ui';
import { MarketingPage, NotYetAvailable } from './MarketingPage.js';

const FeaturesPage: RemotePage<'mf_marketing/FeaturesPage'> = () => (
  <MarketingPage title="Features" testId="features-page">
    <NotYetAvailable what="The full feature tour for buyers and sellers" />
    <p className="mk-actions">
      <Link to="/track">Track an order</Link>
      <Link to="/register">Start your free trial</Link>
    </p>
  </MarketingPage>
);

export default FeaturesPage;
