import type { RemotePage } from '@onvelope/ui';
import { MerchantPage } from './MerchantPage.js';

const VerifyPage: RemotePage<'mf_merchant/VerifyPage'> = () => (
  <MerchantPage
    title="Verify your email"
    testId="verify-page"
    notice="Email verification is not available yet."
  />
);

export default VerifyPage;
