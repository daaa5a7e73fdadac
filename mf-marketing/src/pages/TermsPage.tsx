import type { RemotePage } from '@onvelope/ui';
import { LegalPage } from '../legal/LegalPage.js';
import { termsDocuments } from '../legal/terms.js';

// The previous version's title and description follow from the current one's (LegalPage).
const description =
  'The terms for using ONVELOPE: accounts, the 7-day free trial, subscriptions and refunds, acceptable use, availability and liability. Version 2025-10-02.';

/** /terms (current, version 2025-10-02) and /old-terms (previous). */
const TermsPage: RemotePage<'mf_marketing/TermsPage'> = ({ version }) => (
  <LegalPage
    documents={termsDocuments}
    version={version}
    description={description}
    currentPath="/terms"
    testId="terms-page"
  />
);

export default TermsPage;
