import type { RemotePage } from '@onvelope/ui';
import { MerchantPage } from './MerchantPage.js';

const AccountSettingsPage: RemotePage<'mf_merchant/AccountSettingsPage'> = () => (
  <MerchantPage
    title="Account settings"
    testId="account-settings-page"
    notice="Account settings are not available yet."
    backToDashboard
  />
);

export default AccountSettingsPage;
