import type { LegalVersion, RemotePage } from '@onvelope/ui';
import { LegalPage } from '../legal/LegalPage.js';
import { termsDocuments } from '../legal/terms.js';
import type { PageMeta } from '../seo/page-meta.js';

const meta: Record<LegalVersion, PageMeta> = {
  current: {
    title: 'Terms of Service',
    description:
      'The terms for using ONVELOPE: accounts, the 7-day free trial, subscriptions and refunds, acceptable use, availability and liability. Version 2025-10-02.',
  },
  previous: {
    title: 'Terms of Service (previous version)',
    description:
      'The previous ONVELOPE Terms of Service, superseded on October 2, 2025. Kept for reference.',
  },
};

/** /terms (current, version 2025-10-02) and /old-terms (previous). */
const TermsPage: RemotePage<'mf_marketing/TermsPage'> = ({ version }) => (
  <LegalPage
    documents={termsDocuments}
    version={version}
    meta={meta[version]}
    currentPath="/terms"
    testId="terms-page"
  />
);

export default TermsPage;
