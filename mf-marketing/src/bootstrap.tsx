import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Outlet, Route, Routes } from '@onvelope/router';
import PublicFooter from './layout/PublicFooter.js';
import PublicHeader from './layout/PublicHeader.js';
import AboutPage from './pages/AboutPage.js';
import ContactPage from './pages/ContactPage.js';
import FeaturesPage from './pages/FeaturesPage.js';
import LandingPage from './pages/LandingPage.js';
import PricingPage from './pages/PricingPage.js';
import PrivacyPage from './pages/PrivacyPage.js';
import TermsPage from './pages/TermsPage.js';

// Standalone page for working on this remote alone (npm run dev -w mf-marketing). In the product the
// shell composes these modules in its own router; this file is never loaded there.
function Layout() {
  return (
    <>
      <PublicHeader />
      <Outlet />
      <PublicFooter />
    </>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <Routes>
          <Route element={<Layout />}>
            <Route path="/features" element={<FeaturesPage />} />
            <Route path="/pricing" element={<PricingPage />} />
            <Route path="/about" element={<AboutPage />} />
            <Route path="/contact" element={<ContactPage />} />
            <Route path="/privacy" element={<PrivacyPage version="current" />} />
            <Route path="/old-privacy" element={<PrivacyPage version="previous" />} />
            <Route path="/terms" element={<TermsPage version="current" />} />
            <Route path="/old-terms" element={<TermsPage version="previous" />} />
            <Route path="*" element={<LandingPage />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </StrictMode>,
  );
}
