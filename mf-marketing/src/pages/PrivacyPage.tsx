import type { RemotePage } from '@onvelope/ui';
import { LegalVersionNote } from './LegalVersionNote.js';
import { MarketingPage, NotYetAvailable } from './MarketingPage.js';

/** /privacy (current) and /old-privacy (previous). */
const PrivacyPage: RemotePage<'mf_marketing/PrivacyPage'> = ({ version }) => (
  <MarketingPage title="Privacy Policy" testId="privacy-page">
    <LegalVersionNote version={version} />
    <NotYetAvailable what="The full text of this policy" />
  </MarketingPage>
);

export default PrivacyPage;
