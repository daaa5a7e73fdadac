import { federatedAppConfig } from '@onvelope/web-build';

export default federatedAppConfig({
  dir: import.meta.dirname,
  name: 'mf_customer',
  devPort: 3002,
  exposes: {
    './TrackPage': './src/pages/TrackPage.tsx',
    './CustomerDashboardPage': './src/pages/CustomerDashboardPage.tsx',
    './AuthPage': './src/pages/AuthPage.tsx',
    './VerifyPage': './src/pages/VerifyPage.tsx',
  },
});
