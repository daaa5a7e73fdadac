import type { RemotePage } from '@onvelope/ui';
import { MerchantPage } from './MerchantPage.js';

const TrialAgreementPage: RemotePage<'mf_merchant/TrialAgreementPage'> = () => (
  <MerchantPage
    title="Start your free trial"
    testId="trial-agreement-page"
    notice="Starting a trial is not available yet."
  />
);

export default TrialAgreementPage;
