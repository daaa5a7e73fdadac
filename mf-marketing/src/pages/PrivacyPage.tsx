import type { LegalVersion, RemotePage } from '@onvelope/ui';
import { LegalPage } from '../legal/LegalPage.js';
import { privacyDocuments } from '../legal/privacy.js';
import type { PageMeta } from '../seo/page-meta.js';

const meta: Record<LegalVersion, PageMeta> = {
  current: {
    title: 'Privacy Policy',
    description:
      'How ONVELOPE collects, uses, shares and keeps personal data of sellers and buyers, and your rights under UK data protection law. Version 2025-10-02.',
  },
  previous: {
    title: 'Privacy Policy (previous version)',
    description:
      'The previous ONVELOPE Privacy Policy, superseded on October 2, 2025. Kept for reference.',
  },
};

/** /privacy (current, version 2025-10-02) and /old-privacy (previous). */
const PrivacyPage: RemotePage<'mf_marketing/PrivacyPage'> = ({ version }) => (
  <LegalPage
    documents={privacyDocuments}
    version={version}
    meta={meta[version]}
    currentPath="/privacy"
    testId="privacy-page"
  />
);

export default PrivacyPage;
