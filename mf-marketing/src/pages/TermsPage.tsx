import type { RemotePage } from '@onvelope/ui';
import { LegalPage } from '../legal/LegalPage.js';
import { termsDocuments } from '../legal/terms.js';

/** /terms (current, version 2025-10-02) and /old-terms (previous). */
const TermsPage: RemotePage<'mf_marketing/TermsPage'> = ({ version }) => (
  <LegalPage
    documents={termsDocuments}
    version={version}
    currentPath="/terms"
    testId="terms-page"
  />
);

export default TermsPage;
