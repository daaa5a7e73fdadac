import { Link } from 'react-router';
import type { RemotePage } from '@onvelope/ui';
import { MarketingPage } from './MarketingPage.js';

const AboutPage: RemotePage<'mf_marketing/AboutPage'> = () => (
  <MarketingPage title="About ONVELOPE" testId="about-page">
    <p>
      ONVELOPE helps online sellers keep their buyers informed about every order, and gives buyers
      one place to follow their parcels and ask the seller about them.
    </p>
    <p className="mk-actions">
      <Link to="/contact">Contact us</Link>
      <Link to="/login">Sign in</Link>
    </p>
  </MarketingPage>
);

export default AboutPage;
