import type { RemotePage } from '@onvelope/ui';
import { LegalVersionNote } from './LegalVersionNote.js';
import { MarketingPage, NotYetAvailable } from './MarketingPage.js';

/** /terms (current) and /old-terms (previous). */
const TermsPage: RemotePage<'mf_marketing/TermsPage'> = ({ version }) => (
  <MarketingPage title="Terms of Service" testId="terms-page">
    <LegalVersionNote version={version} />
    <NotYetAvailable what="The full text of these terms" />
  </MarketingPage>
);

export default TermsPage;
