import type { RemotePage } from '@onvelope/ui';
import { MerchantPage } from './MerchantPage.js';

const OnboardingPage: RemotePage<'mf_merchant/OnboardingPage'> = () => (
  <MerchantPage
    title="Set up your account"
    testId="onboarding-page"
    notice="Onboarding is not available yet."
  />
);

export default OnboardingPage;
