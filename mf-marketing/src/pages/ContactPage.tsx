import type { RemotePage } from '@onvelope/ui';
import { MarketingPage, NotYetAvailable } from './MarketingPage.js';

const ContactPage: RemotePage<'mf_marketing/ContactPage'> = () => (
  <MarketingPage title="Contact us" testId="contact-page">
    <NotYetAvailable what="The contact form" />
    <p>
      Until then, write to <a href="mailto:support@onvelope.com">support@onvelope.com</a>.
    </p>
  </MarketingPage>
);

export default ContactPage;
