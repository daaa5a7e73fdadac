import type { RemotePage } from '@onvelope/ui';
import { LegalPage } from '../legal/LegalPage.js';
import { privacyDocuments } from '../legal/privacy.js';

// The previous version's title and description follow from the current one's (LegalPage).
const description =
  'How ONVELOPE collects, uses, shares and keeps personal data of sellers and buyers, and your rights under UK data protection law. Version 2025-10-02.';

/** /privacy (current, version 2025-10-02) and /old-privacy (previous). */
const PrivacyPage: RemotePage<'mf_marketing/PrivacyPage'> = ({ version }) => (
  <LegalPage
    documents={privacyDocuments}
    version={version}
    description={description}
    currentPath="/privacy"
    testId="privacy-page"
  />
);

export default PrivacyPage;
