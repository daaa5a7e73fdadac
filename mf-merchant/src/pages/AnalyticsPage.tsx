import type { RemotePage } from '@onvelope/ui';
import { MerchantPage } from './MerchantPage.js';

const AnalyticsPage: RemotePage<'mf_merchant/AnalyticsPage'> = () => (
  <MerchantPage
    title="Analytics"
    testId="analytics-page"
    notice="Analytics are not available yet."
    backToDashboard
  />
);

export default AnalyticsPage;
