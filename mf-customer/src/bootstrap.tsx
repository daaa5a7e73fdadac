import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from '@onvelope/router';
import CustomerDashboardPage from './pages/CustomerDashboardPage.js';
import TrackPage from './pages/TrackPage.js';

// Standalone page for working on this remote alone (npm run dev -w mf-customer). In the product the
// shell renders these pages inside its own router and guards; this file is never loaded there.
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <Routes>
          <Route path="/customer-dashboard" element={<CustomerDashboardPage />} />
          <Route path="*" element={<TrackPage />} />
        </Routes>
      </BrowserRouter>
    </StrictMode>,
  );
}
