import type { RemotePage } from '@onvelope/ui';
import { MerchantPage } from './MerchantPage.js';

const UploadPage: RemotePage<'mf_merchant/UploadPage'> = () => (
  <MerchantPage
    title="Upload CSV"
    testId="upload-page"
    notice="CSV upload is not available yet."
    backToDashboard
  />
);

export default UploadPage;
