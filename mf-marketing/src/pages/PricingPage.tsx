import { Link } from 'react-router';
import type { RemotePage } from '@onvelope/ui';
import { MarketingPage, NotYetAvailable } from './MarketingPage.js';

const PricingPage: RemotePage<'mf_marketing/PricingPage'> = () => (
  <MarketingPage title="Pricing" testId="pricing-page">
    <NotYetAvailable what="Plans and prices" />
    <Link to="/">Back to home</Link>
  </MarketingPage>
);

export default PricingPage;
