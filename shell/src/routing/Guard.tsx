import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { readCustomerSession, readMerchantSession } from '@onvelope/ui';
import { redirectFor, type RouteAccess, type Viewer } from './access.js';

// Read on every render rather than held in state: sign-in and logout happen inside the remotes,
// which write storage and navigate; the next route render sees the change.
function currentViewer(): Viewer {
  const merchant = readMerchantSession();
  return {
    merchant: merchant && { onboardingCompleted: merchant.onboardingCompleted },
    customer: readCustomerSession() !== null,
  };
}

export function Guard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const target = redirectFor(access, currentViewer());
  return target ? <Navigate to={target} replace /> : children;
}
