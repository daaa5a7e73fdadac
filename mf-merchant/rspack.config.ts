import { federatedAppConfig } from '@onvelope/web-build';

export default federatedAppConfig({
  dir: import.meta.dirname,
  name: 'mf_merchant',
  devPort: 3003,
  exposes: {
    './AuthPage': './src/pages/AuthPage.tsx',
    './VerifyPage': './src/pages/VerifyPage.tsx',
    './DashboardPage': './src/pages/DashboardPage.tsx',
    './AnalyticsPage': './src/pages/AnalyticsPage.tsx',
    './UploadPage': './src/pages/UploadPage.tsx',
    './AccountSettingsPage': './src/pages/AccountSettingsPage.tsx',
    './TrialAgreementPage': './src/pages/TrialAgreementPage.tsx',
    './OnboardingPage': './src/pages/OnboardingPage.tsx',
    './YourDataPage': './src/pages/YourDataPage.tsx',
  },
});
