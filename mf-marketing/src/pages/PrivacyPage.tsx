import type { RemotePage } from '@onvelope/ui';
import { LegalPage } from '../legal/LegalPage.js';
import { privacyDocuments } from '../legal/privacy.js';

/** /privacy (current, version 2025-10-02) and /old-privacy (previous). */
const PrivacyPage: RemotePage<'mf_marketing/PrivacyPage'> = ({ version }) => (
  <LegalPage
    documents={privacyDocuments}
    version={version}
    currentPath="/privacy"
    testId="privacy-page"
  />
);

export default PrivacyPage;
