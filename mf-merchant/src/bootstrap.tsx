import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from '@onvelope/router';
// First: the pages share a CSS chunk, and its order must agree with every page's own. The
// dashboard's (panels before the shared store-front, merchant and workspace styles) is the one
// the product has always had; importing it first keeps it.
import DashboardPage from './pages/DashboardPage.js';
import AccountSettingsPage from './pages/AccountSettingsPage.js';
import AnalyticsPage from './pages/AnalyticsPage.js';
import AuthPage from './pages/AuthPage.js';
import OnboardingPage from './pages/OnboardingPage.js';
import TrialAgreementPage from './pages/TrialAgreementPage.js';
import UploadPage from './pages/UploadPage.js';
import VerifyPage from './pages/VerifyPage.js';

// Standalone page for working on this remote alone (npm run dev -w mf-merchant). It has no guards:
// the shell owns them. In the product this file is never loaded.
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <Routes>
          <Route path="/register" element={<AuthPage mode="register" />} />
          <Route path="/verify" element={<VerifyPage />} />
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/analytics" element={<AnalyticsPage />} />
          <Route path="/upload" element={<UploadPage />} />
          <Route path="/account-settings" element={<AccountSettingsPage />} />
          <Route path="/trial-agreement" element={<TrialAgreementPage />} />
          <Route path="/onboarding" element={<OnboardingPage />} />
          <Route path="*" element={<AuthPage mode="login" />} />
        </Routes>
      </BrowserRouter>
    </StrictMode>,
  );
}
