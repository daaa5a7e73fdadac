import { federatedAppConfig } from '@onvelope/web-build';

export default federatedAppConfig({
  dir: import.meta.dirname,
  name: 'mf_marketing',
  devPort: 3001,
  exposes: {
    './PublicHeader': './src/layout/PublicHeader.tsx',
    './PublicFooter': './src/layout/PublicFooter.tsx',
    './LandingPage': './src/pages/LandingPage.tsx',
    './FeaturesPage': './src/pages/FeaturesPage.tsx',
    './PricingPage': './src/pages/PricingPage.tsx',
    './AboutPage': './src/pages/AboutPage.tsx',
    './ContactPage': './src/pages/ContactPage.tsx',
    './PrivacyPage': './src/pages/PrivacyPage.tsx',
    './TermsPage': './src/pages/TermsPage.tsx',
  },
});
